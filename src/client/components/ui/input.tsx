import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/client/lib/cn';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className, type = 'text', ...props }: InputProps) {
  return (
    <input
      type={type}
      className={cn(
        'h-11 w-full min-w-0 rounded-xl border border-line bg-ink-2 px-3.5 text-base text-fg shadow-inner shadow-black/20 transition-colors placeholder:text-subtle hover:border-line-strong focus-visible:border-accent-from focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-from/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-declined/70 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
