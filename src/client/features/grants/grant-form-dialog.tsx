import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Save, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import {
  type Grant,
  grantApplySchema,
  grantEditSchema,
  PROPOSAL_MIN_CHARS,
} from '../../../shared/schemas/grants';
import { countWords } from '../../../shared/text';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { applyForGrant, editGrant, GRANTS_KEY, myProjectsQuery } from './api';

type FormValues = { projectId: string; amount: string; currency: string; proposal: string };
type Parsed = { projectId?: string; amount?: number; currency?: string; proposal?: string };

const applyResolver = zodResolver(grantApplySchema) as unknown as Resolver<FormValues, unknown, Parsed>;
const editResolver = zodResolver(grantEditSchema) as unknown as Resolver<FormValues, unknown, Parsed>;

const numberFormat = new Intl.NumberFormat('en-US');

function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.fromServer) return err.message;
  return MSG.common.server;
}

/** Live counts for the proposal: minimum characters, and the bounty description's word and character limits. */
function ProposalCounts({ id, text }: { id: string; text: string }) {
  const chars = text.trim().length;
  const words = countWords(text);
  const short = chars < PROPOSAL_MIN_CHARS;
  return (
    <p id={id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs tabular-nums">
      <span className={cn(short ? 'text-muted' : 'text-approved')}>
        {short
          ? `At least ${PROPOSAL_MIN_CHARS} characters (${PROPOSAL_MIN_CHARS - chars} to go)`
          : 'Long enough'}
      </span>
      <span className="flex gap-3 text-subtle">
        <span className={cn(words > LIMITS.bountyDescriptionWords && 'font-medium text-declined')}>
          {numberFormat.format(words)}/{numberFormat.format(LIMITS.bountyDescriptionWords)} words
        </span>
        <span className={cn(chars > LIMITS.bountyDescriptionChars && 'font-medium text-declined')}>
          {numberFormat.format(chars)}/{numberFormat.format(LIMITS.bountyDescriptionChars)} characters
        </span>
      </span>
    </p>
  );
}

/**
 * 'Apply for Grant' (spec §2 shows the button without behaviour) and 'Edit
 * Proposal': one of your projects, an amount with its currency or token, and a
 * proposal counted like a bounty description. Checked with the shared schemas.
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
  const queryClient = useQueryClient();
  const ids = useId();
  const id = (n: string) => `${ids}-${n}`;
  const isEdit = !!editing;
  const projects = useQuery({ ...myProjectsQuery, enabled: open && !isEdit });
  const [failure, setFailure] = useState<string | null>(null);

  const defaults = (): FormValues =>
    editing
      ? {
          projectId: editing.projectId ?? '',
          amount: String(editing.amount),
          currency: editing.currency,
          proposal: editing.proposal,
        }
      : { projectId: '', amount: '', currency: 'USDC', proposal: '' };

  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, Parsed>({
    defaultValues: defaults(),
    resolver: isEdit
      ? (values, ctx, opts) =>
          editResolver(
            { amount: values.amount, currency: values.currency, proposal: values.proposal } as FormValues,
            ctx,
            opts,
          )
      : applyResolver,
  });
  const proposal = useWatch({ control, name: 'proposal' }) ?? '';

  const save = useMutation({
    mutationFn: (v: Parsed) =>
      editing
        ? editGrant(editing.id, { amount: v.amount, currency: v.currency, proposal: v.proposal })
        : applyForGrant({
            projectId: v.projectId ?? '',
            amount: v.amount ?? 0,
            currency: v.currency ?? '',
            proposal: v.proposal ?? '',
          }),
    onSuccess: ({ grant }) => {
      toast.success(isEdit ? MSG.grant.updated : MSG.grant.submitted);
      void queryClient.invalidateQueries({ queryKey: GRANTS_KEY });
      onOpenChange(false);
      if (!isEdit) onApplied?.(grant);
    },
    onError: (err) => {
      const message = failureMessage(err);
      setFailure(message);
      toast.error(message);
    },
  });

  // A fresh form each time the dialog opens.
  const { reset: resetMutation } = save;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open and on a new grant only
  useEffect(() => {
    if (!open) return;
    reset(defaults());
    setFailure(null);
    resetMutation();
  }, [open, editing?.id]);

  // Preselect the only project that can take an application.
  const list = projects.data?.projects ?? [];
  const available = list.filter((p) => !pendingProjectIds?.has(p.id));
  const onlyId = available.length === 1 ? available[0]?.id : undefined;
  useEffect(() => {
    if (!isEdit && open && onlyId) setValue('projectId', onlyId);
  }, [isEdit, open, onlyId, setValue]);

  const busy = save.isPending;
  const noProjects = !isEdit && projects.isSuccess && list.length === 0;

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
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
        {!isEdit && projects.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            <span className="sr-only" role="status">
              Loading your projects
            </span>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-11 rounded-xl" />
            <Skeleton className="h-32 rounded-xl" />
          </div>
        ) : !isEdit && projects.isError ? (
          <div className="grid gap-4">
            <Alert>{failureMessage(projects.error)}</Alert>
            <div>
              <Button variant="secondary" onClick={() => void projects.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : noProjects ? (
          <div className="grid gap-5">
            <div className="flex items-start gap-4 rounded-xl border border-line bg-ink-2 p-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-xl border border-line bg-surface-2 text-accent-from">
                <FolderPlus className="size-5" aria-hidden="true" />
              </span>
              <div className="grid gap-1 text-sm">
                <p className="font-medium text-fg">A grant is asked for one of your projects</p>
                <p className="leading-6 text-muted">
                  You don&apos;t have a project yet. Approved startups create projects on the Projects page;
                  once yours is there, come back to apply.
                </p>
              </div>
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <Link to="/projects" className={buttonVariants()} onClick={() => onOpenChange(false)}>
                Go to Projects
              </Link>
            </div>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={handleSubmit((v) => {
              setFailure(null);
              save.mutate(v);
            })}
            className="grid gap-5"
            aria-busy={busy || undefined}
          >
            {isEdit ? (
              <div className="grid gap-1">
                <span className="text-sm font-medium text-fg-soft">Project</span>
                <p className="text-sm text-fg">{editing?.projectTitle ?? MSG.grant.unknownProject}</p>
              </div>
            ) : (
              <div className="grid gap-2">
                <Label htmlFor={id('project')}>Project</Label>
                <Select
                  id={id('project')}
                  disabled={busy}
                  aria-invalid={errors.projectId ? true : undefined}
                  aria-describedby={errors.projectId ? `${id('project')}-error` : undefined}
                  {...register('projectId')}
                >
                  <option value="">Choose one of your projects</option>
                  {list.map((p) => {
                    const taken = pendingProjectIds?.has(p.id);
                    return (
                      <option key={p.id} value={p.id} disabled={taken}>
                        {p.title}
                        {taken ? ' (a grant is pending)' : ''}
                      </option>
                    );
                  })}
                </Select>
                {errors.projectId?.message ? (
                  <p id={`${id('project')}-error`} className="text-xs font-medium text-declined">
                    {errors.projectId.message}
                  </p>
                ) : null}
              </div>
            )}
            <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <Field
                id={id('amount')}
                label="Amount requested"
                inputMode="decimal"
                autoComplete="off"
                placeholder="5000"
                disabled={busy}
                error={errors.amount?.message}
                {...register('amount')}
              />
              <Field
                id={id('currency')}
                label="Currency or token"
                placeholder="USDC"
                maxLength={12}
                autoCapitalize="characters"
                disabled={busy}
                error={errors.currency?.message}
                {...register('currency')}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={id('proposal')}>Proposal</Label>
              <Textarea
                id={id('proposal')}
                rows={9}
                placeholder="What you will build with the grant, milestones, budget breakdown and how the community benefits."
                disabled={busy}
                aria-invalid={errors.proposal ? true : undefined}
                aria-describedby={[
                  `${id('proposal')}-count`,
                  errors.proposal ? `${id('proposal')}-error` : null,
                ]
                  .filter(Boolean)
                  .join(' ')}
                {...register('proposal')}
              />
              <ProposalCounts id={`${id('proposal')}-count`} text={proposal} />
              {errors.proposal?.message ? (
                <p id={`${id('proposal')}-error`} className="text-xs font-medium text-declined">
                  {errors.proposal.message}
                </p>
              ) : null}
            </div>
            <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 grid gap-3 border-t border-line bg-surface/95 px-6 py-4 backdrop-blur">
              {failure ? <Alert>{failure}</Alert> : null}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" pending={busy} className="sm:min-w-40">
                  {busy ? null : isEdit ? <Save aria-hidden="true" /> : <Send aria-hidden="true" />}
                  {busy ? 'Saving…' : isEdit ? 'Save changes' : 'Submit application'}
                </Button>
              </div>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
