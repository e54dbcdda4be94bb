/**
 * Reading a request body as named fields: multipart/form-data (files arrive as
 * File) or, for routes that also take JSON, a JSON object. A body that cannot be
 * read is a 400 with the route's message; validation is the route's own zod schema.
 */
import type { Context } from 'hono';
import { MSG } from '@/shared/messages';
import { ApiError } from './errors';

export type Fields = Record<string, unknown>;

export async function readFields(
  c: Context,
  opts: {
    /** Also accept a JSON object body (multipart otherwise). */
    json?: boolean;
    /** Keep every value of a repeated field (as an array) instead of the last. */
    all?: boolean;
    /** The answer for a body that cannot be read. */
    invalid?: { code: string; message: string };
  } = {},
): Promise<Fields> {
  const invalid = opts.invalid ?? { code: 'BAD_REQUEST', message: MSG.common.invalidInput };
  try {
    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
    const body: unknown =
      opts.json && !multipart ? await c.req.json() : await c.req.parseBody({ all: opts.all ?? false });
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Fields;
  } catch {
    // unreadable: answered below
  }
  throw new ApiError(400, invalid.code, invalid.message);
}

/** A text field, or undefined when absent or a file. */
export function textField(form: Fields, name: string): string | undefined {
  const v = form[name];
  return typeof v === 'string' ? v : undefined;
}

/** The non-empty files of a field (one or repeated). */
export function filesOf(form: Fields, name: string): File[] {
  const v = form[name];
  return (Array.isArray(v) ? v : v ? [v] : []).filter((f): f is File => f instanceof File && f.size > 0);
}
