import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { buttonVariants } from './ui/button';
import { Glow } from './ui/glow';

/**
 * A real empty state: an icon, the message and (usually) an action, or `link`: the way
 * on to another page ("Back to the Contribution Hub"), drawn as a secondary button.
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  link,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  link?: { to: string; label: ReactNode };
  className?: string;
}) {
  const way = link ? (
    <Link to={link.to} className={buttonVariants({ variant: 'secondary' })}>
      {link.label}
    </Link>
  ) : (
    action
  );
  return (
    <div
      className={cn(
        'relative flex flex-col items-center overflow-hidden rounded-2xl border border-dashed border-line-strong bg-surface/60 px-6 py-12 text-center sm:py-16',
        className,
      )}
    >
      <Glow className="-top-24 left-1/2 h-48 w-72 -translate-x-1/2 opacity-10" />
      {icon ? (
        <div className="relative mb-5 grid size-14 place-items-center rounded-2xl border border-line bg-surface-2 text-accent-from [&_svg]:size-6">
          {icon}
        </div>
      ) : null}
      <h2 className="relative text-lg font-semibold text-fg">{title}</h2>
      {description ? (
        <p className="relative mt-2 max-w-md text-sm leading-6 text-muted">{description}</p>
      ) : null}
      {way ? <div className="relative mt-6 flex flex-wrap justify-center gap-3">{way}</div> : null}
    </div>
  );
}
