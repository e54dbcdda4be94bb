import { Check, X } from 'lucide-react';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { DECISION_NOTE_MAX } from '@/shared/limits';
import { MSG } from '@/shared/messages';

export const MESSAGE_MAX = DECISION_NOTE_MAX;

/**
 * Approve or reject with an optional message: it is stored as the request's
 * adminMessage, shown to the requester and sent in the decision e-mail.
 */
export function DecisionDialog({
  action,
  title,
  open,
  onOpenChange,
  onConfirm,
}: {
  action: 'approve' | 'reject';
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (message: string) => void;
}) {
  const approve = action === 'approve';
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
      title={`${approve ? 'Approve' : 'Reject'} “${title}”?`}
      description={
        approve
          ? 'It goes live on the bounty board at once, and the requester gets an e-mail.'
          : MSG.bounty.rejectNotice
      }
      label="Message to the requester"
      maxLength={MESSAGE_MAX}
      placeholder={
        approve
          ? 'Anything applicants or the requester should know.'
          : 'What should change before asking again?'
      }
      confirmLabel={approve ? 'Approve request' : 'Reject request'}
      confirmIcon={approve ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
      tone={approve ? 'primary' : 'danger'}
    />
  );
}
