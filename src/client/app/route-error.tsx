import { RefreshCw } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { MSG } from '../../shared/messages';
import { Button, buttonVariants } from '../components/ui/button';

/**
 * Shown when a page throws or its chunk fails to download (often a deploy
 * replaced the files); reloading fetches the new ones.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="container-content grid min-h-[60dvh] place-items-center py-16 text-center">
      <div className="max-w-md">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-accent-from">Error</p>
        <h1 className="mt-3 text-3xl font-semibold tracking-tight">{MSG.common.server}</h1>
        <p className="mt-3 text-muted">The page could not be shown. Reloading usually fixes it.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload
          </Button>
          <Link to="/" className={buttonVariants({ variant: 'secondary' })}>
            {MSG.notFound.back}
          </Link>
        </div>
      </div>
    </div>
  );
}
