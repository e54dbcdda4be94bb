import { ReasonDialog } from '../../components/reason-dialog';

export const REASON_MAX = 1000;

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
      description="The applicant gets an e-mail and can apply again after 24 hours."
      label="Reason"
      maxLength={REASON_MAX}
      placeholder="What should the startup improve before applying again?"
      confirmLabel="Reject application"
      tone="danger"
    />
  );
}
