import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './ui/button';

/**
 * A button whose action takes a moment (a submit, a resend, a sign-out): while `pending`
 * its icon gives way to the spinner and it cannot be pressed again.
 */
export function PendingButton({
  icon,
  pending = false,
  children,
  ...props
}: ButtonProps & {
  /** Shown before the words, and left out while pending (the spinner takes its place). */
  icon?: ReactNode;
}) {
  return (
    <Button pending={pending} {...props}>
      {pending ? null : icon}
      {children}
    </Button>
  );
}
