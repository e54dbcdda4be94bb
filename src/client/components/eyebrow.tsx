import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * The small accent capitals over a title: a page's section ("Dashboard"), a part of the home
 * page. Its own module: the home page uses it without carrying the page header's code.
 */
export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('text-xs font-semibold uppercase tracking-[0.14em] text-accent-from', className)}>
      {children}
    </p>
  );
}
