import { ImagePlus } from 'lucide-react';
import { cn } from '@/client/lib/cn';

/**
 * The dashed tile an image is picked in (a file input laid over it): its focus ring
 * follows the input inside, and its border turns red while the pick has a problem.
 */
export function dropZoneClass(error: boolean, className?: string) {
  return cn(
    'relative rounded-xl border border-dashed bg-ink-2 transition-colors',
    'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-to',
    error ? 'border-declined/60' : 'border-line-strong hover:border-accent-from/60',
    className,
  );
}

/** What an empty drop zone says: an image icon over `label`. */
export function PickPrompt({ label, className }: { label: string; className?: string }) {
  return (
    <span className={cn('grid justify-items-center gap-1.5 text-muted', className)}>
      <ImagePlus className="size-6" aria-hidden="true" />
      <span className="text-xs font-medium">{label}</span>
    </span>
  );
}
