import { Fragment, type ReactNode } from 'react';

/**
 * What a list or a page shows while its first answer is on its way: `count`
 * copies of its skeleton in the layout the content will have, announced once
 * to screen readers.
 */
export function Loading({
  label,
  count = 1,
  className = 'grid gap-4',
  children,
}: {
  /** Said by screen readers: "Loading bounties". */
  label: string;
  count?: number;
  className?: string;
  /** One skeleton. */
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never move
        <Fragment key={i}>{children}</Fragment>
      ))}
    </div>
  );
}
