import { Check, Minus } from 'lucide-react';
import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/client/lib/cn';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/**
 * The design system's checkbox (issue 20): a native checkbox (keyboard, forms, the
 * indeterminate state and screen readers as the browser does them), drawn in the app's
 * colours. Put it in a <label> of at least 44 × 44 px: the label is the touch target.
 */
export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <span className={cn('relative inline-grid size-5 shrink-0 place-items-center', className)}>
      <input
        type="checkbox"
        data-slot="checkbox"
        className="peer size-5 cursor-pointer appearance-none rounded-md border border-line-strong bg-ink-2 transition-colors checked:border-transparent checked:bg-accent-gradient indeterminate:border-transparent indeterminate:bg-accent-gradient hover:border-accent-from focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to disabled:cursor-not-allowed disabled:opacity-55"
        {...props}
      />
      <Check
        className="pointer-events-none absolute size-3.5 text-ink opacity-0 peer-checked:opacity-100"
        strokeWidth={3}
        aria-hidden="true"
      />
      <Minus
        className="pointer-events-none absolute size-3.5 text-ink opacity-0 peer-indeterminate:opacity-100"
        strokeWidth={3}
        aria-hidden="true"
      />
    </span>
  );
}
