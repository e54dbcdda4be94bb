import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * One card of a card list (grants, resources, projects): an article named by its title
 * (`titleId`), as wide as its cell and as tall as its row, whose edge lights up on hover.
 * `className` adds its padding and gaps.
 */
export function ListCard({
  titleId,
  className,
  children,
}: {
  titleId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex w-full min-w-0 flex-col rounded-2xl border border-line bg-surface transition-colors hover:border-line-strong',
        className,
      )}
    >
      {children}
    </article>
  );
}
