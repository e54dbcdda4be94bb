import { ArrowRight, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Tooltip } from '@/client/components/ui/tooltip';

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
}: {
  allowed: boolean;
  reason: string;
  label: string;
  onClick: () => void;
  size?: 'md' | 'lg';
  /** Where the viewer can do something about it (shown with the reason after a press). */
  next?: { to: string; label: string };
}) {
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
    <div className="inline-grid max-w-xs justify-items-center gap-2 sm:justify-items-end">
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
        <p
          role="status"
          className="text-center text-sm leading-6 text-muted sm:text-right"
          data-testid="gated-reason"
        >
          {reason}
          {next ? (
            <Link
              to={next.to}
              className="mt-1 flex min-h-11 items-center justify-center gap-1.5 font-medium text-accent-to hover:underline sm:justify-end"
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
