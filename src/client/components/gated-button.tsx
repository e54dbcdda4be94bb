import { ArrowRight, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Tooltip } from '@/client/components/ui/tooltip';
import { cn } from '@/client/lib/cn';

/**
 * A primary action some viewers may not take yet (create a project, apply for a grant):
 * enabled for those who may, else shown disabled with the reason as a tooltip on hover. A
 * tap or a press (no hover on phones, and a tooltip closes as the pointer goes down) also
 * writes the reason under the button, with the next step when there is one, so the control
 * stays focusable (aria-disabled) instead of `disabled`, and the reason is its description
 * for screen readers. Needs a TooltipProvider above it.
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
  /** Where the viewer can do something about it (shown with the reason after a press). */
  next?: { to: string; label: string };
  /** 'start': a page header's action (left on a phone, right beside the title on wider screens); 'center': an empty state's. */
  align?: 'start' | 'center';
}) {
  const place =
    align === 'center'
      ? 'justify-items-center text-center [&_a]:justify-center'
      : 'justify-items-start text-left sm:justify-items-end sm:text-right [&_a]:justify-start sm:[&_a]:justify-end';
  const reasonId = useId();
  const [tip, setTip] = useState(false);
  const [said, setSaid] = useState(false);
  if (allowed) {
    return (
      <Button size={size} onClick={onClick}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <div className={cn('inline-grid max-w-xs gap-2', place)}>
      <Tooltip content={reason} open={tip && !said} onOpenChange={setTip}>
        <Button
          size={size}
          aria-disabled="true"
          aria-describedby={reasonId}
          className="cursor-not-allowed aria-disabled:pointer-events-auto"
          onClick={() => setSaid(true)}
        >
          <Plus aria-hidden="true" />
          {label}
        </Button>
      </Tooltip>
      {said ? (
        <p role="status" className="text-sm leading-6 text-muted" data-testid="gated-reason">
          {reason}
          {next ? (
            <Link
              to={next.to}
              className="mt-1 flex min-h-11 items-center gap-1.5 font-medium text-accent-to hover:underline"
            >
              {next.label}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null}
        </p>
      ) : null}
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </div>
  );
}
