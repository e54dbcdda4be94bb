/**
 * The XP ledger on /admin/users/:id (issue 18), with a "Revert reward" on each rewarded
 * contribution, confirmed with the admin's reason; a revert is one new ledger row on the
 * server (never an edited balance), audited there.
 */
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { openWhile } from '@/client/components/lazy-dialog';
import { Ledger, LedgerRow } from '@/client/components/ledger';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';
import { MODERATION_REASON_MAX } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import type { UserDetail } from '@/shared/schemas/users-admin';
import { useRevertReward } from './api';

const M = MSG.moderation;
type Entry = UserDetail['ledger'][number];

/** The user's XP ledger, newest first, with the reasons; rewards can be reverted once. */
export function XpLedger({ userId, ledger }: { userId: string; ledger: Entry[] }) {
  const [target, setTarget] = useState<Entry | null>(null);
  const revert = useRevertReward(userId, {
    onSuccess: () => toast.success(M.revertDone),
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (ledger.length === 0) return <p className="text-sm text-muted">No XP yet.</p>;
  return (
    <>
      <Ledger testId="xp-ledger">
        {ledger.map((e) => (
          <LedgerRow key={e.id} what={e.reason}>
            <span className={e.delta < 0 ? 'text-declined' : 'text-approved'}>
              {e.delta > 0 ? '+' : ''}
              {e.delta}
            </span>
            <span className="text-muted">→ {e.balanceAfter}</span>
            <span className="text-xs text-muted">{formatDate(e.at)}</span>
            {e.reverted ? <Badge tone="neutral">{M.reverted}</Badge> : null}
            {e.revertible && !e.reverted ? (
              <Button
                size="sm"
                variant="secondary"
                pending={revert.isPending && revert.variables?.eventId === e.id}
                onClick={() => setTarget(e)}
                aria-label={`${M.revert}: ${e.reason}, ${e.delta} XP`}
              >
                <Undo2 aria-hidden="true" />
                {M.revert}
              </Button>
            ) : null}
          </LedgerRow>
        ))}
      </Ledger>
      <ReasonDialog
        {...openWhile(target, setTarget)}
        title={M.revert}
        description={target ? `Take back ${target.delta} XP paid for “${target.reason}”.` : undefined}
        label={M.revertReasonLabel}
        required
        maxLength={MODERATION_REASON_MAX}
        confirmLabel={M.revert}
        tone="danger"
        onConfirm={(reason) => {
          if (target) revert.mutate({ eventId: target.id, reason });
          setTarget(null);
        }}
      />
    </>
  );
}
