import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { validationMessage } from '@/shared/schemas/validation-messages';
import { errorMessage } from './api';

// A rule a schema gives no sentence of its own reads as the server's would ("Amount must be a
// number."), not in zod's wording: forms load this module before they check anything.
z.config({ customError: validationMessage });

/**
 * The one form pattern: react-hook-form checked by a shared zod schema (the same
 * one the server runs, with the spec's messages). The form holds what the inputs
 * hold (`z.input`), and the submit handler receives what the schema makes of it
 * (`z.output`: trimmed, coerced, defaults applied), so no cast is ever needed.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}

/**
 * The longest text a schema's field accepts (its `z.string().max(n)`, through optional,
 * nullable, default and pipes), for the field's input `maxLength`: the limit is written
 * once, in the schema. Undefined for a field with no maximum.
 */
export function maxLengthOf<S extends z.ZodType<FieldValues, FieldValues>>(schema: S) {
  const shape = objectOf(schema)?.shape ?? {};
  return (name: keyof z.input<S> & string): number | undefined => {
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
    return field && stringMax(field);
  };
}

/** The object under a form's schema (one refined or transformed is a pipe from it). */
function objectOf(schema: z.core.$ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in);
  return undefined;
}

function stringMax(schema: z.core.$ZodType): number | undefined {
  if (schema instanceof z._ZodString) return schema.maxLength ?? undefined;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return stringMax(schema.unwrap());
  if (schema instanceof z.ZodPipe) return stringMax(schema.in) ?? stringMax(schema.out);
  return undefined;
}

/**
 * The first problem of a failed submit, in the schema's order (the resolver keeps
 * the order of the issues): for forms that show one clear sentence, as the spec's
 * sign-up and bounty forms do, and mark the field it is about.
 */
export function firstError(errors: FieldErrors): { field: string; message: string } | null {
  for (const [field, error] of Object.entries(errors)) {
    if (field === 'root') continue;
    const message = error?.message;
    if (typeof message === 'string' && message) return { field, message };
  }
  return null;
}

/**
 * A form whose inputs each show their own message: `field(name)` registers the input and
 * hands it the schema's message about it (the `error` a Field prints under itself).
 */
export function errorFields<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  /**
   * Messages about the whole form ("Please fill in all required fields."): printed under the
   * first field it is about, in the order the fields are drawn; the others are only marked
   * (outside review: the sentence stood under each of nine empty fields).
   */
  options: { once?: readonly string[] } = {},
) {
  const { errors } = form.formState;
  const said = new Set<string>();
  const field = (name: Path<T>, register?: RegisterOptions<T, Path<T>>) => {
    const message = get<FieldErrors, FieldError | undefined>(errors, name)?.message;
    const again = !!message && !!options.once?.includes(message) && said.has(message);
    if (message) said.add(message);
    return {
      ...form.register(name, register),
      error: again ? undefined : message,
      invalid: again || undefined,
    };
  };
  return { field };
}

/** What a one-sentence form needs to know of its request: whether it failed, and why. */
type Request = { isError: boolean; error: unknown };

/**
 * A one-sentence form's inputs: `field(name)` registers the input and marks it invalid
 * when the form's first problem (`invalid`, firstError) is about it. With the form's
 * request, `problem` is the one sentence to show: the first rule broken, else why the
 * request failed (`describe`, the server's words by default).
 */
export function oneProblemFields<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  request?: Request,
  describe: (error: unknown) => string = errorMessage,
) {
  const invalid = firstError(form.formState.errors);
  const field = (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => ({
    ...form.register(name, options),
    invalid: invalid?.field === name,
  });
  const problem = invalid?.message ?? (request?.isError ? describe(request.error) : null);
  return { invalid, field, problem };
}
