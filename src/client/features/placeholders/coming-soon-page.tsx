import { ArrowRight, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';

export type ComingSoonProps = {
  eyebrow: string;
  title: string;
  description: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyBody: string;
  /** Where the empty state's button goes, and what it says. */
  action?: { to: string; label: string };
  /** Extra links shown under the empty state (e.g. sub-pages). */
  links?: { to: string; label: string; hint: string }[];
};

/** A page whose feature ships later, drawn inside the real shell with a proper empty state. */
export function ComingSoonPage({
  eyebrow,
  title,
  description,
  icon,
  emptyTitle,
  emptyBody,
  action,
  links,
}: ComingSoonProps) {
  return (
    <div className="container-content grid gap-8 pb-16 pt-8 sm:pt-12">
      <PageHeader
        eyebrow={eyebrow}
        title={title}
        description={description}
        actions={
          <Badge tone="accent">
            <Clock className="size-3" aria-hidden="true" />
            Coming soon
          </Badge>
        }
      />
      <EmptyState
        icon={icon}
        title={emptyTitle}
        description={emptyBody}
        action={
          action ? (
            <Link to={action.to} className={buttonVariants({ variant: 'secondary' })}>
              {action.label}
            </Link>
          ) : undefined
        }
      />
      {links?.length ? (
        <ul className="grid gap-3 md:grid-cols-2">
          {links.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                className={cn(
                  'group flex min-h-11 items-center gap-4 rounded-2xl border border-line bg-surface p-5 transition-colors',
                  'hover:border-line-strong hover:bg-surface-2',
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-fg">{l.label}</span>
                  <span className="block text-sm text-muted">{l.hint}</span>
                </span>
                <ArrowRight className="size-4 text-subtle group-hover:text-fg" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="grid gap-4 opacity-60 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="rounded-2xl border border-line bg-surface p-5">
              <div className="h-24 rounded-xl bg-surface-2" />
              <div className="mt-4 h-4 w-2/3 rounded bg-surface-2" />
              <div className="mt-2 h-3 w-full rounded bg-surface-2/70" />
              <div className="mt-2 h-3 w-4/5 rounded bg-surface-2/70" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
