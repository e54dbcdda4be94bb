import { type ChangeEvent, type ReactNode, useId } from 'react';
import { cn } from '@/client/lib/cn';
import { useSteadyWhilePressed } from '@/client/lib/steady-while-pressed';
import { withScheme } from '@/shared/links';
import { Input, type InputProps } from './input';
import { Label } from './label';
import { Select, type SelectProps } from './select';
import { Textarea, type TextareaProps } from './textarea';

/** What every labelled control takes besides its own props. */
type RowOptions = {
  label: ReactNode;
  /** Shown under the control and announced with it. */
  error?: string;
  hint?: ReactNode;
  /** Marks the control invalid without printing a message (the form shows one message). */
  invalid?: boolean;
  /** More ids that describe the control (e.g. the form's one message about it). */
  describedBy?: string;
  /** Extra content on the label row (a counter, a "Forgot password?" link). */
  aside?: ReactNode;
  /** Content under the control, on the right of its error (a counter). */
  below?: ReactNode;
  /** The row's class (the control keeps its own). */
  className?: string;
};

type RowProps = Omit<RowOptions, 'invalid' | 'describedBy'> & { id: string; children: ReactNode };

/** The ids a control's hint and error carry, joined for `aria-describedby`. */
function describe(id: string, o: Partial<RowOptions>): string | undefined {
  return (
    [o.hint ? `${id}-hint` : null, o.error ? `${id}-error` : null, o.describedBy].filter(Boolean).join(' ') ||
    undefined
  );
}

function invalidOf(o: Partial<RowOptions>): true | undefined {
  return o.error || o.invalid ? true : undefined;
}

/**
 * A label, a control, its hint and its error, tied together for screen readers
 * (the hint is `${id}-hint`, the error `${id}-error`). Every form row in the app.
 */
export function FormRow({ id, label, error: current, hint, aside, below, className, children }: RowProps) {
  // An error that comes or goes while a pointer is pressed waits for its release: the field left by
  // pressing Save must not move Save from under the pointer (lib/steady-while-pressed.ts).
  const error = useSteadyWhilePressed(current);
  const errorLine = error ? (
    <p id={`${id}-error`} className="text-xs font-medium text-declined">
      {error}
    </p>
  ) : null;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {below ? (
        <div className="flex items-start justify-between gap-3">
          {errorLine ?? <span />}
          {below}
        </div>
      ) : (
        errorLine
      )}
    </div>
  );
}

/**
 * Splits a labelled control's props: the row's, the control's own, and the ids and
 * state that tie the control to its label, hint and error.
 */
function useRow<P extends RowOptions & { id?: string }>(props: P) {
  const { label, error, hint, invalid, describedBy, aside, below, id, className, ...control } = props;
  const auto = useId();
  const controlId = id ?? auto;
  const o = { label, error, hint, invalid, describedBy };
  return {
    row: { id: controlId, label, error, hint, aside, below, className },
    aria: { id: controlId, 'aria-invalid': invalidOf(o), 'aria-describedby': describe(controlId, o) },
    control,
  };
}

/** A labelled input's props: the input's own, the row's, and `trailing`. */
export type FieldProps = InputProps & RowOptions & { trailing?: ReactNode };

/** A labelled input; `trailing` is drawn inside its right edge (e.g. a show-password button). */
export function Field({ trailing, ...props }: FieldProps) {
  const { row, aria, control } = useRow(props);
  return (
    <FormRow {...row}>
      <div className="relative">
        <Input {...aria} className={trailing ? 'pr-12' : undefined} {...control} />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center">{trailing}</div> : null}
      </div>
    </FormRow>
  );
}

/**
 * A labelled web address: the phone's URL keyboard, and no autofill, capitals or spell
 * check to get in the way (a field may still ask for `autoComplete="url"`). Its length
 * limit is the schema's, passed as `maxLength` where the form has one.
 */
export function UrlField({
  onBlur,
  onChange,
  ...props
}: Omit<FieldProps, 'type' | 'inputMode' | 'trailing'>) {
  return (
    <Field
      type="url"
      inputMode="url"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      onChange={onChange}
      // "tidal.example" becomes "https://tidal.example" as the field is left (withScheme), told
      // to the form as a change first, so what is checked and sent is what the field shows.
      onBlur={(ev) => {
        const typed = ev.currentTarget.value;
        const completed = withScheme(typed);
        if (completed !== typed) {
          ev.currentTarget.value = completed;
          onChange?.({ ...ev, type: 'change' } as unknown as ChangeEvent<HTMLInputElement>);
        }
        onBlur?.(ev);
      }}
      {...props}
    />
  );
}

/** A labelled multi-line input. */
export function TextareaField(props: TextareaProps & RowOptions) {
  const { row, aria, control } = useRow(props);
  return (
    <FormRow {...row}>
      <Textarea {...aria} {...control} />
    </FormRow>
  );
}

/**
 * A labelled select. Its options are its children, or `options` (each its own label) after
 * an empty first one that says what to do (`placeholder`: "Choose a genre"); children
 * given with `options` come last.
 */
export function SelectField({
  placeholder,
  options,
  children,
  ...props
}: SelectProps &
  RowOptions & {
    /** The empty first option's words. */
    placeholder?: string;
    options?: readonly string[];
  }) {
  const { row, aria, control } = useRow(props);
  return (
    <FormRow {...row}>
      <Select {...aria} {...control}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
        {children}
      </Select>
    </FormRow>
  );
}
