import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Tooltip } from '@/client/components/ui/tooltip';

/**
 * A primary action some viewers may not take yet (create a project, apply for a grant):
 * enabled for those who may, else shown disabled with the reason as a tooltip. A tap shows
 * the tooltip too (no hover on phones), so the control stays focusable (aria-disabled)
 * instead of `disabled`, and the reason is its description for screen readers.
 * Needs a TooltipProvider above it.
 */
export function GatedButton({
  allowed,
  reason,
  label,
  onClick,
  size = 'md',
}: {
  allowed: boolean;
  reason: string;
  label: string;
  onClick: () => void;
  size?: 'md' | 'lg';
}) {
  const reasonId = useId();
  const [tip, setTip] = useState(false);
  if (allowed) {
    return (
      <Button size={size} onClick={onClick}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <>
      <Tooltip content={reason} open={tip} onOpenChange={setTip}>
        <Button
          size={size}
          aria-disabled="true"
          aria-describedby={reasonId}
          className="cursor-not-allowed aria-disabled:pointer-events-auto"
          onClick={() => setTip(true)}
        >
          <Plus aria-hidden="true" />
          {label}
        </Button>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </>
  );
}
