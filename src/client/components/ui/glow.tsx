import { cn } from '@/client/lib/cn';

/**
 * The soft accent glow behind a card or a page's centre: decoration only, so it takes no
 * clicks and screen readers skip it. `className` places and sizes it and sets how strong it
 * is (`opacity-15`); the container clips it (`overflow-hidden`) and its content sits above it
 * (`relative`).
 */
export function Glow({ className }: { className: string }) {
  return (
    <div
      className={cn('pointer-events-none absolute rounded-full bg-accent-gradient blur-3xl', className)}
      aria-hidden="true"
    />
  );
}
