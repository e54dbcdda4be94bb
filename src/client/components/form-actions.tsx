import type { ReactNode } from 'react';
import { Button } from './ui/button';

/**
 * The end of a form: Cancel (when the form can be left) and the submit button, which says
 * what it is doing while the form saves. One row on wide screens, the submit on top on phones.
 */
export function FormActions({
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  icon,
  label,
  busyLabel,
  className = 'sm:min-w-40',
}: {
  busy: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  /** Shown before the label, and left out while busy (the spinner takes its place). */
  icon?: ReactNode;
  label: string;
  /** "Saving…". */
  busyLabel: string;
  className?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      ) : null}
      <Button type="submit" pending={busy} className={className}>
        {busy ? null : icon}
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
