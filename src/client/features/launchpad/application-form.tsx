import { Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { DraftNotice } from '@/client/components/draft-notice';
import { FormActions, FormFooter } from '@/client/components/form-actions';
import { Optional } from '@/client/components/optional';
import { Field, SelectField, TextareaField, UrlField } from '@/client/components/ui/field';
import { errorFields, maxLengthOf, useSchemaForm } from '@/client/lib/form';
import { useFormDraft } from '@/client/lib/form-draft';
import { refusalMessage } from '@/client/lib/refusal-message';
import { toast } from '@/client/lib/toast';
import { PROJECT_GENRES, PROJECT_PHASES } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import { type ProjectApplicationView, projectApplicationSchema } from '@/shared/schemas/projects';
import { useSubmitApplication } from './api';

const limit = maxLengthOf(projectApplicationSchema);

/** What the inputs start with (the selects start on their "Choose…" option). */
const EMPTY = {
  name: '',
  website: '',
  github: '',
  whitepaper: '',
  teamMembers: ['', ''] as [string, string],
  goals: '',
  xAccount: '',
  telegram: '',
};

/** The server's words for a refusal it explains (cooldown, role, validation); ours for anything else. */
function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-5 border-t border-line pt-6 first:border-t-0 first:pt-0">
      <legend className="contents">
        <span className="block text-sm font-semibold uppercase tracking-[0.12em] text-fg-soft">{title}</span>
      </legend>
      {description ? <p className="-mt-3 text-sm text-muted">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/**
 * What a rejected application puts back in the form (peers' "fix and reapply"): everything it said,
 * so the startup changes what the reason asks for instead of typing it all again.
 */
function valuesOf(a: ProjectApplicationView) {
  const { name, website, github, whitepaper, genre, phase, goals } = a;
  const team: [string, string] = [a.teamMembers[0] ?? '', a.teamMembers[1] ?? ''];
  return {
    name,
    website,
    github,
    whitepaper,
    genre,
    phase,
    goals,
    teamMembers: team,
    xAccount: a.xAccount ?? '',
    telegram: a.telegram ?? '',
  };
}

export function ApplicationForm({
  onSubmitted,
  from,
}: {
  onSubmitted: () => void;
  /** The rejected application to start from, if any. */
  from?: ProjectApplicationView;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // The shared schema checks the form exactly as the server will; each field shows its first message.
  const form = useSchemaForm(projectApplicationSchema, { defaultValues: from ? valuesOf(from) : EMPTY });
  // Leaving the page (a link, Back, a reload) keeps what was typed until it is sent or discarded;
  // over a rejected application it keeps only the fields the startup changed.
  const draft = useFormDraft(form, { form: 'project-application' });
  const { field } = errorFields(form, { once: [MSG.projectApplication.required] });
  const teamError = form.formState.errors.teamMembers?.message;

  const submit = useSubmitApplication({
    onSuccess: () => {
      draft.clear();
      toast.success(MSG.projectApplication.submitted);
      onSubmitted();
    },
    onError: (err) => {
      const message = refusalMessage(err, MSG.projectApplication.failed);
      setFailure(message); // said in the form, not again in a toast
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    submit.mutate(values);
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={MSG.projectApplication.applyTitle}
      className="grid gap-8 rounded-2xl border border-line bg-surface p-5 sm:p-8"
    >
      <DraftNotice draft={draft} disabled={submit.isPending} />
      <Section title="Project">
        <Field
          label="Project name"
          autoComplete="organization"
          placeholder="e.g. Orbit Swap"
          maxLength={limit('name')}
          {...field('name')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Genre"
            placeholder="Choose a genre"
            options={PROJECT_GENRES}
            {...field('genre')}
          />
          <SelectField
            label="Phase"
            placeholder="Choose a phase"
            options={PROJECT_PHASES}
            {...field('phase')}
          />
        </div>
      </Section>

      <Section title="Links" description="Full addresses starting with https://">
        <div className="grid gap-5 sm:grid-cols-2">
          <UrlField
            label="Website"
            autoComplete="url"
            placeholder="https://your-project.xyz"
            {...field('website')}
          />
          <UrlField label="GitHub" placeholder="https://github.com/your-org" {...field('github')} />
        </div>
        <UrlField label="Whitepaper" placeholder="https://…/whitepaper.pdf" {...field('whitepaper')} />
      </Section>

      <Section title="Team" description="Links to two team members' profiles (LinkedIn, GitHub, X…).">
        <div className="grid gap-5 sm:grid-cols-2">
          {([0, 1] as const).map((i) => {
            const member = field(`teamMembers.${i}`);
            return (
              <UrlField
                key={i}
                label={`Team member ${i + 1}`}
                placeholder="https://"
                {...member}
                // The pair's own message (both are required) goes under the first.
                error={member.error ?? (i === 0 ? teamError : undefined)}
              />
            );
          })}
        </div>
      </Section>

      <Section title="Goals">
        <TextareaField
          label="What do you want to achieve?"
          hint="Milestones, the community you're building, and how Sysfi Labs can help."
          rows={5}
          maxLength={limit('goals')}
          {...field('goals')}
        />
      </Section>

      <Section title="Community" description="Where people can follow the project.">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={<Optional>X account</Optional>}
            autoComplete="off"
            placeholder="@yourproject"
            maxLength={limit('xAccount')}
            {...field('xAccount')}
          />
          <Field
            label={<Optional>Telegram</Optional>}
            autoComplete="off"
            placeholder="t.me/yourproject"
            maxLength={limit('telegram')}
            {...field('telegram')}
          />
        </div>
      </Section>

      <FormFooter>
        <FormActions
          busy={submit.isPending}
          problem={failure}
          cancel={
            <Link
              to="/application"
              className="inline-flex min-h-11 items-center justify-center rounded-xl px-4 text-sm font-medium text-fg-soft hover:bg-surface-2 hover:text-fg"
            >
              Cancel
            </Link>
          }
          icon={<Send aria-hidden="true" />}
          label="Submit application"
          busyLabel="Submitting…"
          size="lg"
          className="sm:min-w-52"
        />
      </FormFooter>
    </form>
  );
}
