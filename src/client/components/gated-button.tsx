import { ArrowRight, Plus } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Tooltip } from '@/client/components/ui/tooltip';
import { cn } from '@/client/lib/cn';

/**
 * A primary action some viewers may not take yet (create a project, apply for a grant):
 * enabled for those who may, else shown disabled with the reason as a short note under the
 * button, always visible (phones have no hover), with the next step when there is one. The
 * hover tooltip stays for pointers; the control stays focusable (aria-disabled, not
 * `disabled`) and the reason is its description for screen readers. Needs a
 * TooltipProvider above it.
 */
export function GatedButton({
  allowed,
  reason,
  label,
  onClick,
  size = 'md',
  next,
  align = 'start',
}: {
  allowed: boolean;
  reason: string;
  label: string;
  onClick: () => void;
  size?: 'md' | 'lg';
  /** Where the viewer can do something about it (a link under the reason). */
  next?: { to: string; label: string };
  /** 'start': a page header's action (left on a phone, right beside the title on wider screens); 'center': an empty state's. */
  align?: 'start' | 'center';
}) {
  const place =
    align === 'center'
      ? 'justify-items-center text-center [&_a]:justify-center'
      : 'justify-items-start text-left sm:justify-items-end sm:text-right [&_a]:justify-start sm:[&_a]:justify-end';
  const reasonId = useId();
  if (allowed) {
    return (
      <Button size={size} onClick={onClick}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <div className={cn('inline-grid max-w-xs gap-1.5', place)}>
      <Tooltip content={reason}>
        <Button
          size={size}
          aria-disabled="true"
          aria-describedby={reasonId}
          className="cursor-not-allowed aria-disabled:pointer-events-auto"
        >
          <Plus aria-hidden="true" />
          {label}
        </Button>
      </Tooltip>
      <p className="text-xs leading-5 text-muted" data-testid="gated-reason">
        <span id={reasonId}>{reason}</span>
        {next ? (
          <Link
            to={next.to}
            className="flex min-h-11 items-center gap-1.5 text-sm font-medium text-accent-to hover:underline"
          >
            {next.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </p>
    </div>
  );
}
