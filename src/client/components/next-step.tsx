import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from './ui/alert';
import { buttonVariants } from './ui/button';

/**
 * How something ended (a link that no longer works, a password changed) and the one way on:
 * the message, then a full-width link to the next page.
 */
export function NextStep({
  tone = 'error',
  message,
  to,
  action,
}: {
  tone?: 'error' | 'success';
  message: ReactNode;
  to: string;
  /** The link's words: "Log in". */
  action: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <Alert tone={tone}>{message}</Alert>
      <Link to={to} className={buttonVariants({ size: 'lg', block: true })}>
        {action}
      </Link>
    </div>
  );
}
