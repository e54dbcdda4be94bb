import type { LucideIcon } from 'lucide-react';
import { cn } from '@/client/lib/cn';

const TONES = {
  /** A quiet tile: the accent icon on the raised surface. */
  soft: 'border border-line bg-surface-2 text-accent-from',
  /** The brand's gradient, for what invites an action. */
  gradient: 'bg-accent-gradient text-ink',
  /** Something waits: a lock, a cool-down. */
  pending: 'border border-pending/30 bg-pending/10 text-pending',
  approved: 'border border-approved/30 bg-approved/10 text-approved',
  declined: 'border border-declined/30 bg-declined/10 text-declined',
  /** Not yet open to this viewer. */
  muted: 'border border-line bg-surface-2 text-subtle',
} as const;

const SIZES = { sm: 'size-9', md: 'size-10', lg: 'size-11' } as const;

export type IconTileTone = keyof typeof TONES;

/** An icon in a rounded tile, as card headings, list rows and hub links lead with. */
export function IconTile({
  icon: Icon,
  tone = 'soft',
  size = 'md',
  className,
}: {
  icon: LucideIcon;
  tone?: IconTileTone;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <span className={cn('grid shrink-0 place-items-center rounded-xl', SIZES[size], TONES[tone], className)}>
      <Icon className={size === 'sm' ? 'size-4' : 'size-5'} aria-hidden="true" />
    </span>
  );
}
