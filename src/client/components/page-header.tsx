import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { Eyebrow } from './eyebrow';

/**
 * The title block every page starts with; the h1 of the page. A screen that
 * belongs to another page (an admin screen, a form) shows the way `back` above it.
 */
export function PageHeader({
  title,
  description,
  eyebrow,
  actions,
  back,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  eyebrow?: ReactNode;
  actions?: ReactNode;
  /** "← Applications": where this screen belongs. */
  back?: { to: string; label: string };
  className?: string;
}) {
  if (back) {
    return (
      <div className="grid gap-4">
        <Link
          to={back.to}
          className="-ml-2 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg px-2 text-sm text-muted hover:text-fg"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
        <PageHeader {...{ title, description, eyebrow, actions, className }} />
      </div>
    );
  }
  return (
    <header className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="grid max-w-2xl gap-2">
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <h1 className="text-balance text-3xl font-semibold tracking-tight text-fg sm:text-4xl">{title}</h1>
        {description ? <p className="text-pretty text-base leading-7 text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
