import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import type { GrantStatus } from '@/shared/lists';

const STATUS = {
  pending: { tone: 'pending', label: 'Pending', icon: Clock },
  approved: { tone: 'approved', label: 'Approved', icon: CircleCheck },
  declined: { tone: 'declined', label: 'Declined', icon: CircleX },
} as const;

/** Spec §4 grant colours (pending yellow, approved green, declined red), always with text and an icon. */
export function GrantStatusBadge({ status, className }: { status: GrantStatus; className?: string }) {
  const s = STATUS[status];
  return (
    <Badge tone={s.tone} className={className} data-status={status}>
      <s.icon className="size-3" aria-hidden="true" />
      {s.label}
    </Badge>
  );
}
