import { type ReactNode, Suspense } from 'react';
import { COMMON_MSG } from '@/shared/messages-shell';
import { ErrorBoundary } from './error-boundary';

/**
 * A part of a page whose code loads on demand (a chart's picture, a settings form, the top
 * bar's bell): its `placeholder` while the code comes; if the code cannot be downloaded, a
 * message in its place (or `failed`), and the rest of the page goes on working: not the
 * route's error screen, nor, outside the route, a blank app.
 */
export function LazyPart({
  placeholder,
  failed,
  failedClassName = 'rounded-2xl border border-line bg-surface p-5 text-sm text-muted',
  children,
}: {
  placeholder: ReactNode;
  /** What stands in its place if its code cannot load; a message by default. */
  failed?: ReactNode;
  /** Where the message goes when the code cannot load: a box of its own by default. */
  failedClassName?: string;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      fallback={
        failed === undefined ? (
          <p className={failedClassName} data-testid="part-failed">
            {COMMON_MSG.partUnavailable}
          </p>
        ) : (
          failed
        )
      }
    >
      <Suspense fallback={placeholder}>{children}</Suspense>
    </ErrorBoundary>
  );
}
