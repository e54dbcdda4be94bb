/**
 * The reviewer permission on /admin/users/:id (issue 18): make a trusted user a reviewer
 * with a limit (the most XP per contribution), change the limit, or revoke it, each with
 * the admin's reason. The server checks who may be one and audits every change.
 */
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { errorMessage } from '@/client/lib/api';
import { maxLengthOf, useSchemaForm } from '@/client/lib/form';
import { toast } from '@/client/lib/toast';
import { MODERATION_REASON_MAX } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { reviewerFormSchema, type UserDetail } from '@/shared/schemas/users-admin';
import { useSetReviewer } from './api';

const limit = maxLengthOf(reviewerFormSchema);
const R = MSG.reviewers;
const M = MSG.moderation;

export function ReviewerControl({ u }: { u: UserDetail['user'] }) {
  const [revoking, setRevoking] = useState(false);
  const max = u.reviewerMaxPoints;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(reviewerFormSchema, {
    defaultValues: { maxPoints: max === null ? '50' : String(max), reason: '' },
  });
  const m = useSetReviewer(u.id, {
    onSuccess: (_d, v) => {
      setRevoking(false);
      toast.success(v.maxPoints === null ? R.revoked : max === null ? R.granted : R.limitChanged);
      reset({ maxPoints: v.maxPoints === null ? '50' : String(v.maxPoints), reason: '' });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (u.isAdmin) return null;
  const eligible = u.verified && !u.disabled;
  return (
    <section
      aria-label={R.sectionTitle}
      className="grid content-start gap-3 rounded-2xl border border-line bg-surface p-5"
      data-testid="reviewer-control"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-display text-lg text-fg">{R.sectionTitle}</h2>
        {max === null ? (
          <span className="text-sm text-muted">{R.notAReviewer}</span>
        ) : (
          <Badge tone="approved" data-testid="reviewer-badge">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            {R.isReviewer(max)}
          </Badge>
        )}
      </div>
      <p className="text-sm text-muted">{R.sectionIntro}</p>
      {!eligible && max === null ? (
        <p className="text-sm text-fg-soft">{R.cannotBeReviewer}</p>
      ) : (
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-[10rem_1fr]"
          onSubmit={handleSubmit((v) => m.mutate({ maxPoints: Number(v.maxPoints), reason: v.reason }))}
        >
          <Field
            label={R.maxPointsLabel}
            inputMode="numeric"
            autoComplete="off"
            error={errors.maxPoints?.message}
            className="[&_input]:tabular-nums"
            {...register('maxPoints')}
          />
          <Field
            label={M.reasonLabel}
            autoComplete="off"
            maxLength={limit('reason')}
            error={errors.reason?.message}
            {...register('reason')}
          />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            {max !== null ? (
              <Button type="button" variant="danger" onClick={() => setRevoking(true)}>
                <ShieldOff aria-hidden="true" />
                {R.revoke}
              </Button>
            ) : null}
            <Button type="submit" pending={m.isPending && m.variables?.maxPoints !== null}>
              {max === null ? R.grant : R.updateLimit}
            </Button>
          </div>
        </form>
      )}
      <ReasonDialog
        open={revoking}
        onOpenChange={setRevoking}
        title={R.revoke}
        label={M.reasonLabel}
        required
        maxLength={MODERATION_REASON_MAX}
        confirmLabel={R.revoke}
        tone="danger"
        onConfirm={(reason) => m.mutate({ maxPoints: null, reason })}
      />
    </section>
  );
}
