import { useQuery } from '@tanstack/react-query';
import { FolderPlus, Save, Send } from 'lucide-react';
import { type BaseSyntheticEvent, type ReactNode, useEffect } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Counter } from '@/client/components/counter';
import { FormActions, FormFooter } from '@/client/components/form-actions';
import { Loading } from '@/client/components/loading';
import { LoadError } from '@/client/components/query-states';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { Field, SelectField, TextareaField } from '@/client/components/ui/field';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useSchemaForm } from '@/client/lib/form';
import { useSession } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { GRANT_WHO, grantNoProject } from '@/shared/rules/journey';
import { type Grant, grantApplySchema, grantEditSchema, PROPOSAL_MIN_CHARS } from '@/shared/schemas/grants';
import { countWords } from '@/shared/text';
import { myProjectsQuery, useApplyForGrant, useEditGrant, useGrantSaving } from './api';

/** Live counts for the proposal: minimum characters, and the bounty description's word and character limits. */
function ProposalCounts({ text }: { text: string }) {
  const chars = text.trim().length;
  const short = chars < PROPOSAL_MIN_CHARS;
  return (
    <span className="flex flex-wrap justify-between gap-x-4 gap-y-1 tabular-nums">
      <span className={cn(short ? 'text-muted' : 'text-approved')}>
        {short
          ? `At least ${PROPOSAL_MIN_CHARS} characters (${PROPOSAL_MIN_CHARS - chars} to go)`
          : 'Long enough'}
      </span>
      <span className="flex gap-3">
        <Counter n={countWords(text)} max={LIMITS.bountyDescriptionWords} unit="words" />
        <Counter n={chars} max={LIMITS.bountyDescriptionChars} unit="characters" />
      </span>
    </span>
  );
}

type Amounts = { amount?: unknown; currency?: string; proposal?: string };

/** What the proposal form needs of either form (apply or edit): its three fields, their messages and its submit. */
type ProposalFields<Values> = {
  register: (name: 'amount' | 'currency' | 'proposal') => UseFormRegisterReturn;
  watch: (name: 'proposal') => string | undefined;
  handleSubmit: (onValid: (values: Values) => void) => (e?: BaseSyntheticEvent) => Promise<void>;
  formState: { errors: FieldErrors<Amounts> };
};

/** The two forms' submit buttons. */
const SUBMITS = {
  apply: { icon: <Send aria-hidden="true" />, label: 'Submit application' },
  edit: { icon: <Save aria-hidden="true" />, label: 'Save changes' },
};

/**
 * The form an application and an edit share: what it is for (`children`: the project),
 * then amount, currency and proposal, and the actions, which stay in view however far the
 * form scrolls. Submitting sends the form's values through `save`.
 */
function ProposalForm<Values>({
  form,
  save,
  onCancel,
  submit,
  children,
}: {
  form: ProposalFields<Values>;
  /** The form's request: busy while it is on its way, and why it failed. */
  save: { mutate: (values: Values) => void; isPending: boolean; isError: boolean; error: unknown };
  onCancel: () => void;
  submit: (typeof SUBMITS)[keyof typeof SUBMITS];
  children: ReactNode;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  const busy = save.isPending;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      className="grid gap-5"
      aria-busy={busy || undefined}
    >
      {children}
      <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field
          label="Amount requested"
          inputMode="decimal"
          autoComplete="off"
          placeholder="5000"
          disabled={busy}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Field
          label="Currency or token"
          placeholder="USDC"
          maxLength={LIMITS.currencyChars}
          autoCapitalize="characters"
          disabled={busy}
          error={errors.currency?.message}
          {...register('currency')}
        />
      </div>
      <TextareaField
        label="Proposal"
        rows={9}
        placeholder="What you will build with the grant, milestones, budget breakdown and how the community benefits."
        disabled={busy}
        hint={<ProposalCounts text={form.watch('proposal') ?? ''} />}
        error={errors.proposal?.message}
        {...register('proposal')}
      />
      <FormFooter sticky>
        <FormActions
          busy={busy}
          problem={save.isError ? errorMessage(save.error) : null}
          onCancel={onCancel}
          icon={submit.icon}
          label={submit.label}
          busyLabel="Saving…"
        />
      </FormFooter>
    </form>
  );
}

/** A new application: one of your projects (the only free one is picked for you) and the proposal. */
function ApplyForm({
  projects,
  pendingProjectIds,
  onClose,
  onApplied,
}: {
  projects: { id: string; title: string; status: string }[];
  pendingProjectIds?: ReadonlySet<string>;
  onClose: () => void;
  onApplied?: (g: Grant) => void;
}) {
  const form = useSchemaForm(grantApplySchema, {
    defaultValues: { projectId: '', amount: '', currency: 'USDC', proposal: '' },
  });
  const { register, setValue, formState } = form;
  const save = useApplyForGrant({
    onSuccess: ({ grant }) => {
      toast.success(MSG.grant.submitted);
      onClose();
      onApplied?.(grant);
    },
  });
  const busy = save.isPending;

  // An archived project can still ask, but is not picked for you, and says what it is.
  const available = projects.filter((p) => !pendingProjectIds?.has(p.id) && p.status !== 'archived');
  const onlyId = available.length === 1 ? available[0]?.id : undefined;
  useEffect(() => {
    if (onlyId) setValue('projectId', onlyId);
  }, [onlyId, setValue]);

  return (
    <ProposalForm form={form} save={save} onCancel={onClose} submit={SUBMITS.apply}>
      <SelectField
        label="Project"
        disabled={busy}
        error={formState.errors.projectId?.message}
        {...register('projectId')}
      >
        <option value="">Choose one of your projects</option>
        {projects.map((p) => {
          const taken = pendingProjectIds?.has(p.id);
          return (
            <option key={p.id} value={p.id} disabled={taken}>
              {p.title}
              {taken ? ' (a grant is pending)' : p.status === 'archived' ? ' (archived)' : ''}
            </option>
          );
        })}
      </SelectField>
    </ProposalForm>
  );
}

/** 'Edit Proposal' on a pending grant: its project stays, the rest can change. */
function EditForm({ grant, onClose }: { grant: Grant; onClose: () => void }) {
  const form = useSchemaForm(grantEditSchema, {
    defaultValues: { amount: String(grant.amount), currency: grant.currency, proposal: grant.proposal },
  });
  const save = useEditGrant(grant, {
    onSuccess: () => {
      toast.success(MSG.grant.updated);
      onClose();
    },
  });
  return (
    <ProposalForm form={form} save={save} onCancel={onClose} submit={SUBMITS.edit}>
      <div className="grid gap-1">
        <span className="text-sm font-medium text-fg-soft">Project</span>
        <p className="text-sm text-fg">{grant.projectTitle ?? MSG.grant.unknownProject}</p>
      </div>
    </ProposalForm>
  );
}

/**
 * 'Apply for Grant' (spec §2 shows the button without behaviour) and 'Edit
 * Proposal': one of your projects, an amount with its currency or token, and a
 * proposal counted like a bounty description. Checked with the shared schemas.
 * The form lives in the dialog's content, so each opening starts afresh.
 */
export function GrantFormDialog({
  open,
  onOpenChange,
  editing,
  pendingProjectIds,
  onApplied,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Set: edit this pending grant; unset: a new application. */
  editing?: Grant | null;
  /** Projects that already have a pending grant (the server allows one at a time). */
  pendingProjectIds?: ReadonlySet<string>;
  onApplied?: (g: Grant) => void;
}) {
  const isEdit = !!editing;
  const { viewer } = useSession();
  const projects = useQuery({ ...myProjectsQuery, enabled: open && !isEdit });
  const list = projects.data?.projects ?? [];
  const close = () => onOpenChange(false);
  // Not closed while a save is on its way.
  const saving = useGrantSaving();

  let body: ReactNode;
  if (editing) {
    body = <EditForm grant={editing} onClose={close} />;
  } else if (projects.isPending) {
    body = (
      <Loading label="Loading your projects">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-11 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </Loading>
    );
  } else if (projects.isError) {
    body = (
      <LoadError
        message={errorMessage(projects.error)}
        onRetry={() => void projects.refetch()}
        retrying={projects.isFetching}
      />
    );
  } else if (list.length === 0) {
    // Why there is nothing to apply with, and the one step this viewer can take (issue 20).
    const next = viewer ? grantNoProject(viewer) : null;
    body = (
      <div className="grid gap-5">
        <div className="flex items-start gap-4 rounded-xl border border-line bg-ink-2 p-4">
          <IconTile icon={FolderPlus} />
          <div className="grid gap-1 text-sm">
            <p className="font-medium text-fg">A grant is asked for one of your projects</p>
            <p className="leading-6 text-muted">{next?.why ?? GRANT_WHO}</p>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            Close
          </Button>
          {next ? (
            <Link to={next.step.to} className={buttonVariants()} onClick={close}>
              {next.step.label}
            </Link>
          ) : null}
        </div>
      </div>
    );
  } else {
    body = (
      <ApplyForm
        projects={list}
        pendingProjectIds={pendingProjectIds}
        onClose={close}
        onApplied={onApplied}
      />
    );
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !saving && onOpenChange(o)}>
      <DialogContent
        title={isEdit ? MSG.grant.edit : MSG.grant.apply}
        description={
          isEdit
            ? 'You can change your proposal until the admin decides.'
            : 'Ask for funding for one of your projects. Grants are reviewed quarterly.'
        }
        className="sm:max-w-2xl"
        onInteractOutside={(e) => e.preventDefault()}
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}
