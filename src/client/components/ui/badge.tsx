import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '@/client/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium',
  {
    variants: {
      tone: {
        neutral: 'border-line bg-surface-2 text-fg-soft',
        accent: 'border-accent-from/30 bg-accent-from/10 text-accent-from',
        pending: 'border-pending/30 bg-pending/10 text-pending',
        approved: 'border-approved/30 bg-approved/10 text-approved',
        declined: 'border-declined/30 bg-declined/10 text-declined',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>;

/** Status badges always carry text, so colour is never the only signal. */
export function Badge({ className, tone, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
