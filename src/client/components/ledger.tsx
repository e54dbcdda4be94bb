import type { ReactNode } from 'react';

/**
 * A list of entries one to a line, each what it was for on the left and its figures on the
 * right (XP, a date): an XP ledger, a member's approved contributions.
 */
export function Ledger({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <ul className="grid gap-2 text-sm" data-testid={testId}>
      {children}
    </ul>
  );
}

/** One entry of a `Ledger`: `what` it was for, then its figures (`children`), wrapping on a phone. */
export function LedgerRow({ what, children }: { what: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <span className="min-w-0 break-words text-fg-soft">{what}</span>
      <span className="flex flex-wrap items-center gap-2 tabular-nums">{children}</span>
    </li>
  );
}
