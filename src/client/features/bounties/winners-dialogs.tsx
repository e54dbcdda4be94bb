/**
 * Bounty submissions and winners (issue 19) on the board: an applicant submits or edits
 * their work until the deadline; the requester (or the admin) reads the submissions after
 * it and announces up to 3 winners in podium order, each with an optional XP prize.
 */
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Send, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { QueryError } from '@/client/components/query-states';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { Field, SelectField, TextareaField, UrlField } from '@/client/components/ui/field';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { maxLengthOf, useSchemaForm } from '@/client/lib/form';
import { toast } from '@/client/lib/toast';
import { externalLinkProps, safeUrl } from '@/client/lib/url';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { placeLabel } from '@/shared/rules/bounty';
import { bountySubmissionInputSchema, bountyWinnersInputSchema } from '@/shared/schemas/bounties';
import { mySubmissionQuery, submissionsQuery, useAnnounceWinners, useSaveSubmission } from './winners-api';

const limit = maxLengthOf(bountySubmissionInputSchema);

const W = MSG.winners;

export type BountyRef = { id: string; title: string };

/** An applicant's work: a link and a note, editable until the deadline. */
export function SubmissionDialog({ bounty, onClose }: { bounty: BountyRef | null; onClose: () => void }) {
  const mine = useQuery({ ...mySubmissionQuery(bounty?.id ?? ''), enabled: !!bounty });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm(bountySubmissionInputSchema, { defaultValues: { link: '', note: '' } });
  useEffect(() => {
    reset({ link: mine.data?.link ?? '', note: mine.data?.note ?? '' });
  }, [mine.data, reset]);
  const save = useSaveSubmission({
    onSuccess: () => {
      toast.success(W.submissionSaved);
      onClose();
    },
    onError: (err) => setError('root', { message: errorMessage(err) }),
  });
  return (
    <Dialog open={!!bounty} onOpenChange={(o) => !o && !save.isPending && onClose()}>
      {bounty ? (
        <DialogContent
          title={mine.data ? W.editSubmission : W.submitWork}
          description={`“${bounty.title}”: the requester reviews it after the deadline. You can edit it until then.`}
          data-testid="submission-dialog"
        >
          {mine.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : (
            <form
              noValidate
              className="grid gap-4"
              onSubmit={handleSubmit((v) => save.mutate({ id: bounty.id, link: v.link, note: v.note }))}
            >
              <UrlField
                label={W.submissionLink}
                placeholder="https://"
                error={errors.link?.message}
                maxLength={limit('link')}
                {...register('link')}
              />
              <TextareaField
                label={W.submissionNote}
                rows={4}
                maxLength={limit('note')}
                error={errors.note?.message}
                {...register('note')}
              />
              {errors.root?.message ? <Alert>{errors.root.message}</Alert> : null}
              <Button type="submit" pending={save.isPending} className="justify-self-end">
                {save.isPending ? null : <Send aria-hidden="true" />}
                {mine.data ? W.editSubmission : W.submitWork}
              </Button>
            </form>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type Row = { place: string; prize: string };
/** One empty list for every render: a new [] each time would re-run the reset below forever. */
const NONE: never[] = [];
const PLACES = Array.from({ length: LIMITS.bountyWinnersMax }, (_, i) => i + 1);

/**
 * The requester's (or the admin's) podium: a place per submission, and for the admin an
 * optional XP prize (XP is the ecosystem team's to create; the server refuses a requester's).
 */
export function WinnersDialog({
  bounty,
  isAdmin,
  onClose,
}: {
  bounty: BountyRef | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const list = useQuery({ ...submissionsQuery(bounty?.id ?? ''), enabled: !!bounty });
  const subs = list.data?.submissions ?? NONE;
  const { register, handleSubmit, reset, watch } = useForm<{ rows: Row[] }>({ defaultValues: { rows: [] } });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    reset({ rows: subs.map(() => ({ place: '', prize: '' })) });
    setProblem(null);
  }, [subs, reset]);
  const rows = watch('rows');
  const announce = useAnnounceWinners({
    onSuccess: () => {
      toast.success(W.announced);
      onClose();
    },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const submit = handleSubmit((v) => {
    const placed = v.rows
      .map((r, i) => ({
        place: Number(r.place),
        prize: (r.prize ?? '').trim(),
        userId: subs[i]?.userId ?? '',
      }))
      .filter((r) => r.place > 0)
      .sort((a, b) => a.place - b.place);
    if (placed.length === 0) return setProblem(W.pickOne);
    // Places go 1st, 2nd, 3rd in order, each once.
    if (placed.some((r, i) => r.place !== i + 1)) return setProblem(W.onePlaceEach);
    const body = {
      winners: placed.map((r) => ({
        userId: r.userId,
        prizeXp: !isAdmin || r.prize === '' ? 0 : Number(r.prize),
      })),
    };
    const parsed = bountyWinnersInputSchema.safeParse(body);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? W.prizeInvalid);
    setProblem(null);
    if (bounty) announce.mutate({ id: bounty.id, winners: parsed.data.winners });
  });
  return (
    <Dialog open={!!bounty} onOpenChange={(o) => !o && !announce.isPending && onClose()}>
      {bounty ? (
        <DialogContent
          title={`${W.pickWinners}: “${list.data?.title ?? bounty.title}”`}
          description={isAdmin ? W.pickerAdmin : W.pickerRequester}
          className="sm:max-w-2xl"
          data-testid="winners-dialog"
        >
          {list.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : list.isError ? (
            <QueryError query={list} />
          ) : subs.length === 0 ? (
            <p className="text-sm text-muted">{W.noSubmissions}</p>
          ) : (
            <form noValidate className="grid gap-4" onSubmit={submit}>
              <ul className="grid gap-3" aria-label={W.submissionsTitle}>
                {subs.map((s, i) => {
                  const href = safeUrl(s.link);
                  return (
                    <li
                      key={s.userId}
                      className={cn(
                        'grid gap-3 rounded-xl border border-line bg-surface-2 p-3 sm:items-end',
                        isAdmin ? 'sm:grid-cols-[1fr_8rem_8rem]' : 'sm:grid-cols-[1fr_8rem]',
                      )}
                      data-testid="submission"
                    >
                      <div className="grid min-w-0 gap-1">
                        <p className="font-medium text-fg">{s.displayName}</p>
                        {href ? (
                          <a
                            href={href}
                            {...externalLinkProps}
                            className="inline-flex min-w-0 items-center gap-1.5 text-sm text-accent-to underline-offset-4 hover:underline"
                          >
                            <span className="truncate">{href}</span>
                            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                            <span className="sr-only">(opens in a new tab)</span>
                          </a>
                        ) : null}
                        {s.note ? <p className="break-words text-sm text-muted">{s.note}</p> : null}
                      </div>
                      <SelectField
                        label={`${W.placeLabel} for ${s.displayName}`}
                        className="[&_label]:sr-only sm:[&_label]:not-sr-only"
                        {...register(`rows.${i}.place`)}
                      >
                        <option value="">{W.notAPlace}</option>
                        {PLACES.map((p) => (
                          <option key={p} value={String(p)}>
                            {placeLabel(p)}
                          </option>
                        ))}
                      </SelectField>
                      {isAdmin ? (
                        <Field
                          label={`${W.prizeLabel}, ${s.displayName}`}
                          className="[&_label]:sr-only sm:[&_label]:not-sr-only"
                          inputMode="numeric"
                          autoComplete="off"
                          placeholder="XP"
                          disabled={!rows?.[i]?.place}
                          {...register(`rows.${i}.prize`)}
                        />
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              {problem ? <Alert>{problem}</Alert> : null}
              <Button type="submit" pending={announce.isPending} className="justify-self-end">
                {announce.isPending ? null : <Trophy aria-hidden="true" />}
                {W.announce}
              </Button>
            </form>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
