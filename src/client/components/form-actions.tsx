import type { ComponentProps, ReactNode } from 'react';
import { PendingButton } from './pending-button';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/**
 * The end of a form: why the last try failed (when it did), Cancel (when the form can be
 * left) and the submit button, which says what it is doing while the form saves. One row
 * on wide screens, the submit on top on phones.
 */
export function FormActions({
  busy,
  problem,
  problemId,
  onCancel,
  cancelLabel = 'Cancel',
  cancel,
  icon,
  label,
  busyLabel,
  size,
  className = 'sm:min-w-40',
}: {
  busy: boolean;
  /** The form's sentence about what went wrong, shown above the buttons. */
  problem?: string | null;
  /** The id the sentence carries, for the fields it is about to point at (`aria-describedby`). */
  problemId?: string;
  onCancel?: () => void;
  cancelLabel?: string;
  /** Another way out in place of the Cancel button (a link back, "Cancel upload"). */
  cancel?: ReactNode;
  /** Shown before the label, and left out while busy (the spinner takes its place). */
  icon?: ReactNode;
  label: string;
  /** "Saving…". */
  busyLabel: string;
  /** The submit button's size: 'lg' at the end of a page-long form. */
  size?: 'lg';
  className?: string;
}) {
  const alert = problem ? <Alert>{problem}</Alert> : null;
  return (
    <>
      {alert && problemId ? <div id={problemId}>{alert}</div> : alert}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {cancel ??
          (onCancel ? (
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
          ) : null)}
        <PendingButton type="submit" size={size} pending={busy} icon={icon} className={className}>
          {busy ? busyLabel : label}
        </PendingButton>
      </div>
    </>
  );
}

/**
 * The end of a one-sentence form (reset password, change password, two-factor): the
 * sentence, when there is one, then the lone submit button.
 */
export function FormSubmit({
  problem,
  ...button
}: { problem: string | null } & Omit<ComponentProps<typeof PendingButton>, 'type'>) {
  return (
    <>
      {problem ? <Alert>{problem}</Alert> : null}
      <PendingButton type="submit" {...button} />
    </>
  );
}

/**
 * The end of a long form, ruled off from its fields: upload progress, the problem and the
 * actions. In a dialog it sticks to the bottom, so they stay in view however far the form
 * scrolls.
 */
export function FormFooter({ sticky = false, children }: { sticky?: boolean; children: ReactNode }) {
  return (
    <div
      className={
        sticky
          ? 'sticky -bottom-6 z-10 -mx-6 -mb-6 grid gap-3 border-t border-line bg-surface/95 px-6 py-4 backdrop-blur'
          : 'grid gap-4 border-t border-line pt-6'
      }
    >
      {children}
    </div>
  );
}
