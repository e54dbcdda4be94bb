import { ReasonDialog } from '@/client/components/reason-dialog';
import { MSG } from '@/shared/messages';
import { DECISION_NOTE_MAX } from '@/shared/schemas/review';

export const REASON_MAX = DECISION_NOTE_MAX;

/** Asks for an optional reason before a rejection; the applicant reads it in the e-mail and the app. */
export function RejectDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
}) {
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
      title={`Reject “${name}”?`}
      description={MSG.projectApplication.rejectNotice}
      label="Reason"
      maxLength={REASON_MAX}
      placeholder="What should the startup improve before applying again?"
      confirmLabel="Reject application"
      tone="danger"
    />
  );
}
