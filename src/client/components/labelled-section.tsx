import { type ReactNode, useId } from 'react';
import { cn } from '@/client/lib/cn';

/** The small capitals over a part of a page or a dialog ("Proposal", "History", "Library"). */
export const EYEBROW_HEADING = 'text-sm font-semibold uppercase tracking-[0.12em] text-fg-soft';

/**
 * A part of a page or dialog under its own small-capitals heading; the section is named
 * by the heading, so screen readers can jump to it as a region.
 */
export function LabelledSection({
  title,
  level = 'h2',
  className,
  children,
}: {
  title: ReactNode;
  level?: 'h2' | 'h3';
  /** The section's layout; a grid with a gap of 4 by default. */
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level;
  return (
    <section aria-labelledby={id} className={cn('grid gap-4', className)}>
      <Heading id={id} className={EYEBROW_HEADING}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
