import { Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Field, SelectField, TextareaField } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { useSchemaForm } from '@/client/lib/form';
import { toast } from '@/client/lib/toast';
import { PROJECT_GENRES, PROJECT_PHASES } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import { projectApplicationSchema } from '@/shared/schemas/projects';
import { useSubmitApplication } from './api';

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
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.fromServer && err.status >= 400 && err.status < 500) return err.message;
  return MSG.projectApplication.failed;
}

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

const optional = <span className="font-normal text-subtle">(optional)</span>;

export function ApplicationForm({ onSubmitted }: { onSubmitted: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  // The shared schema checks the form exactly as the server will; each field shows its first message.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(projectApplicationSchema, { defaultValues: EMPTY });

  const submit = useSubmitApplication({
    onSuccess: () => {
      toast.success(MSG.projectApplication.submitted);
      onSubmitted();
    },
    onError: (err) => {
      const message = failureMessage(err);
      setFailure(message); // said in the form, not again in a toast
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    submit.mutate(values);
  });

  const url = (
    name: 'website' | 'github' | 'whitepaper',
    label: string,
    placeholder: string,
    autoComplete?: string,
  ) => (
    <Field
      label={label}
      type="url"
      inputMode="url"
      autoComplete={autoComplete ?? 'off'}
      placeholder={placeholder}
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={MSG.projectApplication.applyTitle}
      className="grid gap-8 rounded-2xl border border-line bg-surface p-5 sm:p-8"
    >
      <Section title="Project">
        <Field
          label="Project name"
          autoComplete="organization"
          placeholder="e.g. Orbit Swap"
          maxLength={200}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="Genre" error={errors.genre?.message} {...register('genre')}>
            <option value="">Choose a genre</option>
            {PROJECT_GENRES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </SelectField>
          <SelectField label="Phase" error={errors.phase?.message} {...register('phase')}>
            <option value="">Choose a phase</option>
            {PROJECT_PHASES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </SelectField>
        </div>
      </Section>

      <Section title="Links" description="Full addresses starting with https://">
        <div className="grid gap-5 sm:grid-cols-2">
          {url('website', 'Website', 'https://your-project.xyz', 'url')}
          {url('github', 'GitHub', 'https://github.com/your-org')}
        </div>
        {url('whitepaper', 'Whitepaper', 'https://your-project.xyz/whitepaper.pdf')}
      </Section>

      <Section title="Team" description="Links to two team members' profiles (LinkedIn, GitHub, X…).">
        <div className="grid gap-5 sm:grid-cols-2">
          {([0, 1] as const).map((i) => (
            <Field
              key={i}
              label={`Team member ${i + 1}`}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              error={errors.teamMembers?.[i]?.message ?? (i === 0 ? errors.teamMembers?.message : undefined)}
              {...register(`teamMembers.${i}`)}
            />
          ))}
        </div>
      </Section>

      <Section title="Goals">
        <TextareaField
          label="What do you want to achieve?"
          hint="Milestones, the community you're building, and how Sysfi Labs can help."
          rows={5}
          maxLength={5000}
          error={errors.goals?.message}
          {...register('goals')}
        />
      </Section>

      <Section title="Community" description="Where people can follow the project.">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={<>X account {optional}</>}
            autoComplete="off"
            placeholder="@yourproject"
            maxLength={200}
            error={errors.xAccount?.message}
            {...register('xAccount')}
          />
          <Field
            label={<>Telegram {optional}</>}
            autoComplete="off"
            placeholder="t.me/yourproject"
            maxLength={200}
            error={errors.telegram?.message}
            {...register('telegram')}
          />
        </div>
      </Section>

      <div className="grid gap-4 border-t border-line pt-6">
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <Link
            to="/application"
            className="inline-flex min-h-11 items-center justify-center rounded-xl px-4 text-sm font-medium text-fg-soft hover:bg-surface-2 hover:text-fg"
          >
            Cancel
          </Link>
          <Button type="submit" size="lg" pending={submit.isPending} className="sm:min-w-52">
            {submit.isPending ? null : <Send aria-hidden="true" />}
            {submit.isPending ? 'Submitting…' : 'Submit application'}
          </Button>
        </div>
      </div>
    </form>
  );
}
