import { type ComponentProps, useId } from 'react';
import { TextareaField } from './ui/field';

/**
 * A free-text reason or note with its character count under it, right-aligned ("12/500");
 * the control is described by the count, or by its error while it has one.
 */
export function ReasonField({
  length,
  maxLength,
  id,
  error,
  ...props
}: ComponentProps<typeof TextareaField> & {
  /** How many characters it holds now. */
  length: number;
  maxLength: number;
}) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <TextareaField
      id={fieldId}
      maxLength={maxLength}
      error={error}
      describedBy={error ? undefined : `${fieldId}-count`}
      below={
        <p id={`${fieldId}-count`} className="text-xs tabular-nums text-subtle">
          {length}/{maxLength}
        </p>
      }
      {...props}
    />
  );
}
