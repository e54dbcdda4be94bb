import { type ReactNode, Suspense } from 'react';
import { MSG } from '@/shared/messages';
import { ErrorBoundary } from './error-boundary';

/**
 * A part of a page whose code loads on demand (a chart's picture, a settings form): its
 * `placeholder` while the code comes; if the code cannot be downloaded, a message in its
 * place, and the rest of the page goes on working (not the route's error screen).
 */
export function LazyPart({
  placeholder,
  failedClassName = 'rounded-2xl border border-line bg-surface p-5 text-sm text-muted',
  children,
}: {
  placeholder: ReactNode;
  /** Where the message goes when the code cannot load: a box of its own by default. */
  failedClassName?: string;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      fallback={
        <p className={failedClassName} data-testid="part-failed">
          {MSG.common.partUnavailable}
        </p>
      }
    >
      <Suspense fallback={placeholder}>{children}</Suspense>
    </ErrorBoundary>
  );
}
