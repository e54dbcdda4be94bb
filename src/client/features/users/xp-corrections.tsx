/**
 * XP corrections on /admin/users/:id (issue 18): a grant/deduct form (the ledger, with a
 * "Revert reward" on each rewarded contribution, is ./xp-ledger.tsx). Each is confirmed in
 * a dialog and becomes one new ledger row on the server (never an edited balance), audited there.
 */
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { openWhile } from '@/client/components/lazy-dialog';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/client/components/ui/dialog';
import { Field, SelectField } from '@/client/components/ui/field';
import { errorMessage } from '@/client/lib/api';
import { maxLengthOf, oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { formatNumber } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import { type UserDetail, type XpCorrectionForm, xpCorrectionFormSchema } from '@/shared/schemas/users-admin';
import { useCorrectXp } from './api';

const limit = maxLengthOf(xpCorrectionFormSchema);
const M = MSG.moderation;

/** Grant or deduct XP with a required reason, after a confirmation. */
export function XpCorrection({ u }: { u: UserDetail['user'] }) {
  const form = useSchemaForm(xpCorrectionFormSchema, {
    defaultValues: { direction: 'grant', amount: '', reason: '' },
    reValidateMode: 'onSubmit',
  });
  // The confirmed correction, with the key its request (and any retry of it) carries.
  const [pending, setPending] = useState<(XpCorrectionForm & { key: string }) | null>(null);
  const correct = useCorrectXp(u.id, {
    onSuccess: (res) => {
      toast.success(res.applied ? M.xpDone : M.xpAlready);
      form.reset();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const { invalid, field } = oneProblemFields(form);
  const delta = pending ? (pending.direction === 'grant' ? 1 : -1) * Number(pending.amount) : 0;
  return (
    <section aria-labelledby="xp-correction-title" className="grid gap-3">
      <div>
        <h3 id="xp-correction-title" className="font-semibold text-fg">
          {M.xpTitle}
        </h3>
        <p className="text-xs text-muted">{M.xpIntro}</p>
      </div>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-2 sm:items-end"
        onSubmit={form.handleSubmit((v) => setPending({ ...v, key: crypto.randomUUID() }))}
      >
        <SelectField label={M.xpDirection} {...form.register('direction')}>
          <option value="grant">{M.xpGrant}</option>
          <option value="deduct">{M.xpDeduct}</option>
        </SelectField>
        <Field label={M.xpAmount} inputMode="numeric" {...field('amount')} />
        <Field label="Reason" className="sm:col-span-2" maxLength={limit('reason')} {...field('reason')} />
        <Button type="submit" variant="secondary" className="justify-self-start" pending={correct.isPending}>
          {M.xpConfirm}
        </Button>
      </form>
      {invalid ? <Alert>{invalid.message}</Alert> : null}
      <Dialog {...openWhile(pending, setPending)}>
        <DialogContent
          title={delta > 0 ? M.xpGrant : M.xpDeduct}
          description={`${delta > 0 ? '+' : ''}${formatNumber(delta)} XP for ${u.name} (now ${formatNumber(u.points)} XP). Reason: “${pending?.reason ?? ''}”`}
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button
              variant={delta > 0 ? 'primary' : 'danger'}
              onClick={() => {
                if (pending) correct.mutate({ delta, reason: pending.reason, key: pending.key });
                setPending(null);
              }}
            >
              {delta > 0 ? <Plus aria-hidden="true" /> : <Minus aria-hidden="true" />}
              {M.xpConfirm}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
