import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { Input, type InputProps } from './input';
import { Label } from './label';

type FieldProps = InputProps & {
  label: ReactNode;
  /** Shown under the input and announced with it. */
  error?: string;
  hint?: ReactNode;
  /** Marks the input invalid without printing a message (the form shows one message). */
  invalid?: boolean;
  /** Extra content on the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  /** Content drawn inside the input's right edge (e.g. a show-password button). */
  trailing?: ReactNode;
};

/** A labelled input whose label, hint and error are tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  invalid,
  labelAside,
  trailing,
  id,
  className,
  ...input
}: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={inputId}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          className={trailing ? 'pr-12' : undefined}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-declined">
          {error}
        </p>
      ) : null}
    </div>
  );
}
