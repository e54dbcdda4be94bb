import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Badge } from './ui/badge';

/** The look of each state: its badge tone, words and icon. */
export const REVIEW_STATUS = {
  pending: { tone: 'pending', label: 'Pending review', icon: Clock },
  approved: { tone: 'approved', label: 'Approved', icon: CircleCheck },
  rejected: { tone: 'declined', label: 'Rejected', icon: CircleX },
} as const;

/** Where a request the admin decides on stands (a project application, a bounty request). */
export function ReviewStatusBadge({ status }: { status: keyof typeof REVIEW_STATUS }) {
  const s = REVIEW_STATUS[status];
  return (
    <Badge tone={s.tone}>
      <s.icon className="size-3" aria-hidden="true" />
      {s.label}
    </Badge>
  );
}
