import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { COMMON_MSG, NOT_FOUND_MSG } from '@/shared/messages-shell';
import { ErrorBoundary } from '../components/error-boundary';
import { Button } from '../components/ui/button';

function ErrorScreen() {
  return (
    <div className="container-content grid min-h-[60dvh] place-items-center py-16 text-center">
      <div className="max-w-md">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-accent-from">Error</p>
        <h1 className="mt-3 text-3xl font-semibold tracking-tight">{COMMON_MSG.server}</h1>
        <p className="mt-3 text-muted">The page could not be shown. Reloading usually fixes it.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload
          </Button>
          <a
            href="/"
            className="inline-flex h-11 items-center rounded-xl border border-line bg-surface-2 px-5 text-sm"
          >
            {NOT_FOUND_MSG.back}
          </a>
        </div>
      </div>
    </div>
  );
}

/**
 * Catches a page that throws or whose chunk fails to download (often a deploy
 * replaced the files; reloading fetches the new ones). The layout keys it by
 * path, so moving to another page clears the error.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={<ErrorScreen />}>{children}</ErrorBoundary>;
}
