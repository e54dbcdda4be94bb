import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/client/lib/cn';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

/** A multi-line input drawn like Input. */
export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'min-h-24 w-full min-w-0 resize-y rounded-xl border border-line bg-ink-2 px-3.5 py-2.5 text-base leading-6 text-fg shadow-inner shadow-black/20 transition-colors placeholder:text-subtle hover:border-line-strong focus-visible:border-accent-from focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-from/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-declined/70 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
