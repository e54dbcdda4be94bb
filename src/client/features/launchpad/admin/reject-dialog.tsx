import { Check } from 'lucide-react';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { DECISION_NOTE_MAX } from '@/shared/limits';
import { MSG } from '@/shared/messages';

export const REASON_MAX = DECISION_NOTE_MAX;

/** One-tap reasons a startup can act on before it applies again (the text stays editable). */
export const PROJECT_REJECT_REASONS = [
  'Please link a public code repository.',
  'The whitepaper link does not open.',
  'Tell us more about the team.',
  'Describe your goals in more detail.',
] as const;

type DecisionDialogProps = {
  /** What is decided on, named in the title. */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** With the optional text (a reason, or a message for the startup). */
  onConfirm: (text: string) => void;
};

/** Asks for an optional reason before a rejection; the applicant reads it in the e-mail and the app. */
export function RejectDialog({ name, ...dialog }: DecisionDialogProps) {
  return (
    <ReasonDialog
      {...dialog}
      title={`Reject “${name}”?`}
      description={MSG.projectApplication.rejectNotice}
      label="Reason"
      maxLength={REASON_MAX}
      placeholder="What should the startup improve before applying again?"
      confirmLabel="Reject application"
      tone="danger"
      templates={{ label: 'Quick reasons', texts: PROJECT_REJECT_REASONS }}
    />
  );
}

/**
 * Confirms an approval, as Reject does and as both do on /admin/bounty-approvals (issue 20:
 * one click approved here while Reject asked); the optional message goes into the e-mail.
 */
export function ApproveDialog({ name, ...dialog }: DecisionDialogProps) {
  return (
    <ReasonDialog
      {...dialog}
      title={`Approve “${name}”?`}
      description="The startup becomes approved and can create projects; it gets an e-mail."
      label="Message to the startup"
      maxLength={REASON_MAX}
      placeholder="Anything the team should know before listing its project."
      confirmLabel="Approve application"
      confirmIcon={<Check aria-hidden="true" />}
    />
  );
}
