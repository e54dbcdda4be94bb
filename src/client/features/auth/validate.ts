import type { z } from 'zod';
import { firstMessage } from '../../../shared/schemas/account';

export type Invalid = { message: string; field: string | undefined };

/**
 * Runs a shared schema the way the server will, and returns its first message
 * (forms show one clear sentence, as the spec does) and the field it is about.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | ({ ok: false } & Invalid) {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, data: r.data };
  const field = r.error.issues[0]?.path[0];
  return { ok: false, message: firstMessage(r.error), field: typeof field === 'string' ? field : undefined };
}
