import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { oneProblemFields } from '@/client/lib/form';

/**
 * A one-sentence form that sends its checked values to one request (a mutation): the
 * inputs' `field` (oneProblemFields), and `submit`, the props that tie a OneProblemForm to
 * the request: `send` the values on submit, show the form's one sentence, and wait while
 * the request is pending.
 */
export function oneProblemRequest<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  request: { isPending: boolean; isError: boolean; error: unknown },
  send: (values: O) => void,
) {
  const { field, problem } = oneProblemFields(form, request);
  return {
    field,
    submit: { onSubmit: form.handleSubmit((values) => send(values)), problem, pending: request.isPending },
  };
}
