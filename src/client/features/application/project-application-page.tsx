import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Send } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PROJECT_GENRES, PROJECT_PHASES } from '../../../shared/lists';
import { MSG } from '../../../shared/messages';
import { projectApplicationSchema } from '../../../shared/schemas/projects';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { MY_APPLICATION_KEY, type MyApplication, myApplicationQuery, submitApplication } from './api';
import { ApplicationStatusCard, useCooldownRefresh } from './application-status';
import { canApplyNow } from './cooldown';

/** What the inputs hold: plain strings (the selects start empty). */
type FormValues = {
  name: string;
  website: string;
  github: string;
  whitepaper: string;
  teamMembers: [string, string];
  genre: string;
  phase: string;
  goals: string;
  xAccount: string;
  telegram: string;
};
type Parsed = z.output<typeof projectApplicationSchema>;

const EMPTY: FormValues = {
  name: '',
  website: '',
  github: '',
  whitepaper: '',
  teamMembers: ['', ''],
  genre: '',
  phase: '',
  goals: '',
  xAccount: '',
  telegram: '',
};

/** The shared schema checks the form exactly as the server will; each field shows its first message. */
const resolver = zodResolver(projectApplicationSchema) as unknown as Resolver<FormValues, unknown, Parsed>;

/** The server's words for a refusal it explains (cooldown, role, validation); ours for anything else. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.fromServer && err.status >= 400 && err.status < 500) return err.message;
  return MSG.projectApplication.failed;
}

/** A label, a control and its error, tied together for screen readers. */
function Row({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={['grid content-start gap-2', className].filter(Boolean).join(' ')}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={`${id}-error`} className="text-xs font-medium text-declined">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: FieldError, hint?: boolean) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

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

function ApplicationForm({ onSubmitted }: { onSubmitted: () => void }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, Parsed>({ defaultValues: EMPTY, resolver });

  const submit = useMutation({
    mutationFn: submitApplication,
    onSuccess: ({ application }) => {
      queryClient.setQueryData<MyApplication>(MY_APPLICATION_KEY, {
        latest: application,
        canApplyAt: 'pending',
      });
      void queryClient.invalidateQueries({ queryKey: MY_APPLICATION_KEY });
      toast.success(MSG.projectApplication.submitted);
      onSubmitted();
    },
    onError: (err) => {
      const message = failureMessage(err);
      setFailure(message);
      toast.error(message);
      // A cooldown or pending application we didn't know about: show the real state.
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: MY_APPLICATION_KEY });
      }
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
      id={id(name)}
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
          id={id('name')}
          label="Project name"
          autoComplete="organization"
          placeholder="e.g. Orbit Swap"
          maxLength={200}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Row id={id('genre')} label="Genre" error={errors.genre}>
            <Select
              id={id('genre')}
              aria-invalid={errors.genre ? true : undefined}
              aria-describedby={describedBy(id('genre'), errors.genre)}
              {...register('genre')}
            >
              <option value="">Choose a genre</option>
              {PROJECT_GENRES.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </Select>
          </Row>
          <Row id={id('phase')} label="Phase" error={errors.phase}>
            <Select
              id={id('phase')}
              aria-invalid={errors.phase ? true : undefined}
              aria-describedby={describedBy(id('phase'), errors.phase)}
              {...register('phase')}
            >
              <option value="">Choose a phase</option>
              {PROJECT_PHASES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Row>
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
              id={id(`team-${i}`)}
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
        <Row
          id={id('goals')}
          label="What do you want to achieve?"
          error={errors.goals}
          hint="Milestones, the community you're building, and how Sysfi Labs can help."
        >
          <Textarea
            id={id('goals')}
            rows={5}
            maxLength={5000}
            aria-invalid={errors.goals ? true : undefined}
            aria-describedby={describedBy(id('goals'), errors.goals, true)}
            {...register('goals')}
          />
        </Row>
      </Section>

      <Section title="Community" description="Where people can follow the project.">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={id('x')}
            label={
              <>
                X account <span className="font-normal text-subtle">(optional)</span>
              </>
            }
            autoComplete="off"
            placeholder="@yourproject"
            maxLength={200}
            error={errors.xAccount?.message}
            {...register('xAccount')}
          />
          <Field
            id={id('telegram')}
            label={
              <>
                Telegram <span className="font-normal text-subtle">(optional)</span>
              </>
            }
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

function FormSkeleton() {
  return (
    <div className="grid gap-6 rounded-2xl border border-line bg-surface p-5 sm:p-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading
      </span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-11 w-full" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-4 w-24" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/** Spec §2 Project application form, §5 rules: startups only; hidden while pending or cooling down. */
export function ProjectApplicationPage() {
  const mine = useQuery(myApplicationQuery);
  useCooldownRefresh(mine.data, mine.refetch);
  const [submitted, setSubmitted] = useState(false);
  const open = canApplyNow(mine.data);

  let content: ReactNode;
  if (mine.isPending) content = <FormSkeleton />;
  else if (mine.isError)
    content = (
      <div className="grid gap-4">
        <Alert>{MSG.projectApplication.failed}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void mine.refetch()} pending={mine.isFetching}>
            Try again
          </Button>
        </div>
      </div>
    );
  else if (submitted)
    content = (
      <div className="grid gap-4">
        <Alert tone="success">{MSG.projectApplication.submitted}</Alert>
        <ApplicationStatusCard mine={mine.data} />
      </div>
    );
  else if (!open)
    content = (
      <div className="grid gap-4">
        <Alert tone="info">{MSG.projectApplication.cooldown}</Alert>
        <ApplicationStatusCard mine={mine.data} />
      </div>
    );
  else
    content = (
      <div className="grid gap-6">
        {mine.data.latest ? <ApplicationStatusCard mine={mine.data} showActions={false} /> : null}
        <ApplicationForm onSubmitted={() => setSubmitted(true)} />
      </div>
    );

  return (
    <div className="container-content pb-16 pt-8 sm:pt-12">
      <div className="mx-auto grid max-w-4xl gap-8">
        <div className="grid gap-4">
          <Link
            to="/application"
            className="-ml-2 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg px-2 text-sm text-muted hover:text-fg"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Applications
          </Link>
          <PageHeader
            eyebrow="Startups"
            title={MSG.projectApplication.applyTitle}
            description="Tell us about your project. Once the admin approves it, your startup can create projects in the discovery zone."
          />
        </div>
        {content}
      </div>
    </div>
  );
}
