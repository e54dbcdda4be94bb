import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/client/lib/cn';

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

/**
 * The platform's own select, drawn like Input: native keyboard and screen-reader
 * behaviour, and the phone's own picker on touch screens.
 */
export function Select({ className, children, ...props }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="h-11 w-full min-w-0 appearance-none rounded-xl border border-line bg-ink-2 pl-3.5 pr-10 text-base text-fg shadow-inner shadow-black/20 transition-colors hover:border-line-strong focus-visible:border-accent-from focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-from/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-declined/70 sm:text-sm [&:has(option[value='']:checked)]:text-subtle"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3.5 top-1/2 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
    </div>
  );
}
