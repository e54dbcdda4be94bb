import { CloudOff } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { formatRelative } from '@/client/lib/format';

/**
 * What a cache-first page (SysfiDB, ADR 0009) says when its refresh failed while it shows
 * the saved copy: how old the copy is, and Try again. Nothing otherwise.
 */
export function StaleNotice({
  what,
  view,
  onRetry,
}: {
  /** "your dashboard", "your profile". */
  what: string;
  view: { data: unknown; refreshError: Error | null; isRefreshing: boolean; cachedAt: number | null };
  onRetry: () => void;
}) {
  if (!view.data || !view.refreshError || view.isRefreshing) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-fg-soft sm:flex-row sm:items-center sm:justify-between"
      data-testid="stale-notice"
    >
      <span className="flex items-start gap-2.5">
        <CloudOff className="mt-0.5 size-4 shrink-0 text-pending" aria-hidden="true" />
        <span>
          Couldn’t reach the server. Showing {what} as saved{' '}
          {view.cachedAt ? formatRelative(view.cachedAt) : 'earlier'}.
        </span>
      </span>
      <Button variant="secondary" size="sm" className="h-11 sm:h-9" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
