import { RefreshCw } from 'lucide-react';

/** "Updating…" beside a list's filters while a fresh copy of the list shown is on its way. */
export function UpdatingStatus({ updating }: { updating: boolean }) {
  if (!updating) return null;
  return (
    <span className="inline-flex items-center gap-2 text-xs text-muted" role="status">
      <RefreshCw className="size-3.5 animate-spin" aria-hidden="true" />
      Updating…
    </span>
  );
}
