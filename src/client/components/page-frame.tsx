import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { PageHeader } from './page-header';

/**
 * What a page's title block says before anything is known about the viewer or the
 * data: every page's is in PAGE_HEADS (page-heads.tsx), by route, and the static first
 * paint (app/static-shell.tsx) draws the same block, so the page the app renders over it starts with the very
 * same words in the very same place (issue 16: the first paint is the page's).
 */
export type PageHead = {
  title: ReactNode;
  description?: ReactNode;
  eyebrow?: ReactNode;
  /** "← Applications": where this screen belongs. */
  back?: { to: string; label: string };
};

/** The frame of a content page: its width, its spacing and its title block, then the page. */
export function PageFrame({
  head,
  actions,
  gap = 'gap-8',
  className,
  children,
}: {
  head: PageHead;
  actions?: ReactNode;
  gap?: 'gap-6' | 'gap-8' | 'gap-10';
  /** Replaces the bottom padding (a page with a sticky bar below needs more). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('container-content grid grid-cols-1 pb-16 pt-8 sm:pt-12', gap, className)}>
      <PageHeader {...head} actions={actions} />
      {children}
    </div>
  );
}
