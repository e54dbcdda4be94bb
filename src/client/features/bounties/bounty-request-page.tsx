import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CircleCheck,
  CircleX,
  Clock,
  ExternalLink,
  Inbox,
  Lock,
  MessageSquareText,
  Send,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { localToday } from '../../../shared/rules/bounty';
import { type BountyRequest, bountyImagesError, bountyRequestSchema } from '../../../shared/schemas/bounties';
import { countWords } from '../../../shared/text';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import {
  type BountyRequestFields,
  localTimeZone,
  MY_REQUESTS_KEY,
  type MyBountyRequests,
  myRequestsQuery,
  submitBountyRequest,
} from './api';
import { CriteriaPicker } from './criteria-picker';
import { formatDay, formatMoment } from './format';
import { ImagesField } from './images-field';

type TextField = 'title' | 'description' | 'reward' | 'deadline' | 'contactInfo' | 'resourceLink';
type FieldName = TextField | 'criteria' | 'images';
type Values = Record<TextField, string> & { criteria: string[] };

const EMPTY: Values = {
  title: '',
  description: '',
  reward: '',
  deadline: '',
  contactInfo: '',
  resourceLink: '',
  criteria: [],
};

const FIELDS: readonly FieldName[] = [
  'title',
  'description',
  'reward',
  'deadline',
  'contactInfo',
  'resourceLink',
  'criteria',
  'images',
];

const numberFormat = new Intl.NumberFormat('en-US');

/** The server's words for a refusal it explains (validation, lock, images); the spec's otherwise. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.fromServer && err.status >= 400 && err.status < 500) return err.message;
  return MSG.bounty.failed;
}

/** "42/100": turns amber near the limit and red past it. */
function Counter({ id, n, max, unit }: { id?: string; n: number; max: number; unit?: string }) {
  return (
    <span
      id={id}
      className={cn(
        'text-xs tabular-nums',
        n > max ? 'font-medium text-declined' : n >= max * 0.9 ? 'text-pending' : 'text-subtle',
      )}
    >
      {numberFormat.format(n)}/{numberFormat.format(max)}
      {unit ? ` ${unit}` : null}
    </span>
  );
}

/** A label, its counter and a control, with the error tied to the control. */
function Row({
  id,
  label,
  aside,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  aside?: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <div className="flex items-end justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function ProgressBar({ fraction }: { fraction: number }) {
  const pct = Math.min(100, Math.round(fraction * 100));
  return (
    <div className="grid gap-2" aria-live="polite">
      <div className="flex items-center justify-between text-xs text-muted">
        <span>{pct >= 100 ? 'Processing images…' : 'Uploading…'}</span>
        <span className="tabular-nums">{pct}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 overflow-hidden rounded-full bg-surface-3"
      >
        <div
          className="h-full rounded-full bg-accent-gradient transition-[width] duration-200"
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}

/** Spec §5 bounty application form: every rule checked by the shared schema before sending. */
function RequestForm({ onSubmitted }: { onSubmitted: (a: BountyRequest) => void }) {
  const ids = useId();
  const id = (name: FieldName) => `${ids}-${name}`;
  const timeZone = useMemo(localTimeZone, []);
  const [values, setValues] = useState<Values>(EMPTY);
  const [images, setImages] = useState<File[]>([]);
  const [problem, setProblem] = useState<{ field: FieldName | null; message: string } | null>(null);
  const [progress, setProgress] = useState(0);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const set = (k: TextField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = useMutation({
    mutationFn: (fields: BountyRequestFields) => {
      abortRef.current = new AbortController();
      setProgress(0);
      return submitBountyRequest(fields, images, setProgress, abortRef.current.signal);
    },
    onSuccess: ({ application }) => {
      toast.success(MSG.bounty.submitted);
      setValues(EMPTY);
      setImages([]);
      onSubmitted(application);
    },
    onError: (err) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      const message = failureMessage(err);
      setProblem({ field: null, message });
      toast.error(message);
    },
  });

  const fail = (field: FieldName | null, message: string) => {
    setProblem({ field, message });
    if (field) document.getElementById(id(field))?.focus();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const fields: BountyRequestFields = { ...values, timeZone };
    const parsed = bountyRequestSchema(() => new Date()).safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path[0];
      const field = FIELDS.includes(path as FieldName) ? (path as FieldName) : null;
      return fail(field, issue?.message ?? MSG.bounty.required);
    }
    const imagesError = bountyImagesError(images);
    if (imagesError) return fail('images', imagesError);
    setProblem(null);
    submit.mutate(fields);
  };

  const busy = submit.isPending;
  const words = countWords(values.description);
  const chars = values.description.trim().length;
  const minDeadline = localToday(new Date(), timeZone);
  const invalid = (f: FieldName) => (problem?.field === f ? true : undefined);
  const describe = (f: FieldName, hint = false) =>
    [hint ? `${id(f)}-hint` : null, problem?.field === f ? `${ids}-problem` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const optional = <span className="font-normal text-subtle">(optional)</span>;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy || undefined}
      aria-labelledby={`${ids}-heading`}
      className="grid gap-6 rounded-2xl border border-line bg-surface p-5 sm:p-8"
    >
      <div className="grid gap-1">
        <h2 id={`${ids}-heading`} className="text-lg font-semibold tracking-tight text-fg">
          New bounty request
        </h2>
        <p className="text-sm text-muted">
          The admin reviews it before it goes live on the board. All fields are required unless marked
          optional.
        </p>
      </div>

      <Row
        id={id('title')}
        label="Title"
        aside={<Counter n={values.title.length} max={LIMITS.bountyTitleChars} />}
      >
        <Input
          id={id('title')}
          value={values.title}
          onChange={set('title')}
          placeholder="Build a liquidity dashboard"
          disabled={busy}
          aria-invalid={invalid('title')}
          aria-describedby={describe('title')}
        />
      </Row>

      <Row
        id={id('description')}
        label="Description"
        aside={
          <span className="flex flex-wrap justify-end gap-x-3" id={`${id('description')}-hint`}>
            <Counter n={words} max={LIMITS.bountyDescriptionWords} unit="words" />
            <Counter n={chars} max={LIMITS.bountyDescriptionChars} unit="characters" />
          </span>
        }
      >
        <Textarea
          id={id('description')}
          rows={8}
          value={values.description}
          onChange={set('description')}
          placeholder="What needs doing, what a great result looks like, and anything applicants should know."
          disabled={busy}
          aria-invalid={invalid('description')}
          aria-describedby={describe('description', true)}
        />
      </Row>

      <div className="grid gap-6 sm:grid-cols-2">
        <Row
          id={id('reward')}
          label="Reward"
          aside={<Counter n={values.reward.length} max={LIMITS.bountyRewardChars} />}
          hint="Amount and token, e.g. 500 USDC."
        >
          <Input
            id={id('reward')}
            value={values.reward}
            onChange={set('reward')}
            placeholder="500 USDC"
            disabled={busy}
            aria-invalid={invalid('reward')}
            aria-describedby={describe('reward', true)}
          />
        </Row>
        <Row
          id={id('deadline')}
          label="Deadline"
          hint={`The last day to apply, in your time zone (${timeZone}).`}
        >
          <Input
            id={id('deadline')}
            type="date"
            min={minDeadline}
            value={values.deadline}
            onChange={set('deadline')}
            disabled={busy}
            aria-invalid={invalid('deadline')}
            aria-describedby={describe('deadline', true)}
          />
        </Row>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <Row
          id={id('contactInfo')}
          label="Contact"
          aside={<Counter n={values.contactInfo.length} max={LIMITS.bountyContactChars} />}
          hint="How applicants and the admin reach you: e-mail, Telegram or X."
        >
          <Input
            id={id('contactInfo')}
            value={values.contactInfo}
            onChange={set('contactInfo')}
            placeholder="@yourteam on Telegram"
            disabled={busy}
            aria-invalid={invalid('contactInfo')}
            aria-describedby={describe('contactInfo', true)}
          />
        </Row>
        <Row
          id={id('resourceLink')}
          label={<>Resource link {optional}</>}
          hint="A brief, a repository or a design file."
        >
          <Input
            id={id('resourceLink')}
            type="url"
            inputMode="url"
            value={values.resourceLink}
            onChange={set('resourceLink')}
            placeholder="https://"
            maxLength={500}
            disabled={busy}
            aria-invalid={invalid('resourceLink')}
            aria-describedby={describe('resourceLink', true)}
          />
        </Row>
      </div>

      <CriteriaPicker
        id={id('criteria')}
        value={values.criteria}
        onChange={(criteria) => setValues((v) => ({ ...v, criteria }))}
        invalid={!!invalid('criteria')}
        disabled={busy}
      />

      <ImagesField id={id('images')} files={images} onChange={setImages} disabled={busy} />

      <div className="grid gap-4 border-t border-line pt-6">
        {busy && images.length > 0 ? <ProgressBar fraction={progress} /> : null}
        {problem ? (
          <div id={`${ids}-problem`}>
            <Alert>{problem.message}</Alert>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          {busy && images.length > 0 ? (
            <Button variant="ghost" onClick={() => abortRef.current?.abort()}>
              Cancel upload
            </Button>
          ) : null}
          <Button type="submit" size="lg" pending={busy} className="sm:min-w-48">
            {busy ? null : <Send aria-hidden="true" />}
            {busy ? 'Submitting…' : 'Submit request'}
          </Button>
        </div>
      </div>
    </form>
  );
}

const STATUS = {
  pending: { tone: 'pending', label: 'Pending review', icon: Clock },
  approved: { tone: 'approved', label: 'Approved', icon: CircleCheck },
  rejected: { tone: 'declined', label: 'Rejected', icon: CircleX },
} as const;

function StatusBadge({ status }: { status: BountyRequest['status'] }) {
  const s = STATUS[status];
  return (
    <Badge tone={s.tone}>
      <s.icon className="size-3" aria-hidden="true" />
      {s.label}
    </Badge>
  );
}

function RequestItem({ request: r }: { request: BountyRequest }) {
  return (
    <li className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold leading-snug text-fg">{r.title}</h3>
        <StatusBadge status={r.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Reward</dt>
        <dd className="min-w-0 truncate text-right text-fg-soft">{r.reward}</dd>
        <dt className="text-muted">Deadline</dt>
        <dd className="text-right tabular-nums text-fg-soft">{formatDay(r.deadline)}</dd>
        <dt className="text-muted">Submitted</dt>
        <dd className="text-right tabular-nums text-fg-soft">
          <time dateTime={r.createdAt}>{formatMoment(r.createdAt)}</time>
        </dd>
      </dl>
      {r.adminMessage ? (
        <div className="flex gap-2 rounded-xl border border-line bg-ink-2 px-3 py-2.5 text-sm text-fg-soft">
          <MessageSquareText className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
          <p className="min-w-0 whitespace-pre-line break-words">
            <span className="sr-only">Admin message: </span>
            {r.adminMessage}
          </p>
        </div>
      ) : null}
      {r.status === 'approved' ? (
        <Link
          to="/bounties"
          className="-ml-2 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-accent-to hover:underline"
        >
          See it on the board
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </Link>
      ) : null}
    </li>
  );
}

function Requests({ mine }: { mine: MyBountyRequests | undefined }) {
  return (
    <section aria-labelledby="my-requests" className="grid content-start gap-4">
      <h2 id="my-requests" className="text-sm font-semibold uppercase tracking-[0.12em] text-fg-soft">
        Your requests
      </h2>
      {!mine ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-36 rounded-2xl" />
          <Skeleton className="h-36 rounded-2xl" />
        </div>
      ) : mine.applications.length === 0 ? (
        <div className="flex items-start gap-3 rounded-2xl border border-dashed border-line-strong bg-surface/60 p-5 text-sm text-muted">
          <Inbox className="mt-0.5 size-5 shrink-0 text-subtle" aria-hidden="true" />
          <p>No requests yet. Once you submit one, its status and the admin&apos;s message show here.</p>
        </div>
      ) : (
        <ul className="grid gap-3">
          {mine.applications.map((r) => (
            <RequestItem key={r.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The form is hidden while the 24 h lock holds; this says when it opens, in local time. */
function LockedCard({ until }: { until: string }) {
  return (
    <section
      aria-labelledby="lock-title"
      className="grid gap-4 rounded-2xl border border-pending/30 bg-surface p-5 sm:p-8"
    >
      <div className="flex items-start gap-4">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl border border-pending/30 bg-pending/10 text-pending">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1.5">
          <h2 id="lock-title" className="text-lg font-semibold tracking-tight text-fg">
            The form opens again on <time dateTime={until}>{formatMoment(until)}</time>
          </h2>
          <p className="text-sm leading-6 text-muted">{MSG.bounty.cooldown}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to="/bounties" className={buttonVariants({ variant: 'secondary' })}>
          Browse bounties
        </Link>
        <Link to="/application" className={buttonVariants({ variant: 'ghost' })}>
          Back to applications
        </Link>
      </div>
    </section>
  );
}

/** Re-reads the lock the moment it ends, so the form opens by itself. */
function useLockRefresh(until: string | null, refetch: () => unknown) {
  useEffect(() => {
    if (!until) return;
    const end = new Date(until).getTime();
    if (Number.isNaN(end)) return;
    const wait = Math.min(Math.max(end - Date.now(), 0) + 500, 2 ** 31 - 1);
    const t = window.setTimeout(() => void refetch(), wait);
    return () => window.clearTimeout(t);
  }, [until, refetch]);
}

/** Spec §2 Bounty application form (/application/bounty-application; startup and project roles). */
export function BountyRequestPage() {
  const queryClient = useQueryClient();
  const mine = useQuery(myRequestsQuery);
  useLockRefresh(mine.data?.canApplyAt ?? null, mine.refetch);
  const lockedUntil =
    mine.data?.canApplyAt && new Date(mine.data.canApplyAt).getTime() > Date.now()
      ? mine.data.canApplyAt
      : null;

  const onSubmitted = (a: BountyRequest) => {
    queryClient.setQueryData<MyBountyRequests>(MY_REQUESTS_KEY, (old) => ({
      applications: [a, ...(old?.applications ?? []).filter((x) => x.id !== a.id)],
      canApplyAt: new Date(new Date(a.createdAt).getTime() + LIMITS.reapplyCooldownMs).toISOString(),
    }));
    void queryClient.invalidateQueries({ queryKey: MY_REQUESTS_KEY });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  let main: ReactNode;
  if (mine.isPending) {
    main = (
      <div className="grid gap-6 rounded-2xl border border-line bg-surface p-5 sm:p-8" aria-busy="true">
        <span className="sr-only" role="status">
          Loading the form
        </span>
        <Skeleton className="h-6 w-56" />
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className={cn('rounded-xl', i === 1 ? 'h-40' : 'h-11')} />
          </div>
        ))}
      </div>
    );
  } else if (mine.isError) {
    main = (
      <div className="grid gap-4">
        <Alert>Couldn&apos;t load your bounty requests. Please try again.</Alert>
        <div>
          <Button variant="secondary" onClick={() => void mine.refetch()} pending={mine.isFetching}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (lockedUntil) {
    main = <LockedCard until={lockedUntil} />;
  } else {
    main = <RequestForm onSubmitted={onSubmitted} />;
  }

  return (
    <div className="container-content grid gap-8 pb-16 pt-8 sm:pt-12">
      <div className="grid gap-4">
        <Link
          to="/application"
          className="-ml-2 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg px-2 text-sm text-muted hover:text-fg"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Applications
        </Link>
        <PageHeader
          eyebrow="Applications"
          title={MSG.projectApplication.bountyRequestTitle}
          description="Ask for a bounty to be listed for the community: what needs doing, the reward, the deadline and the criteria that matter."
        />
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">{main}</div>
        <Requests mine={mine.data} />
      </div>
    </div>
  );
}
