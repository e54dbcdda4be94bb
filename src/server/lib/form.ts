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
    /** The fields that may come more than once (kept as an array); any other repeated is refused. */
    repeatable?: readonly string[];
    /** The answer for a body that cannot be read. */
    invalid?: { code: string; message: string };
  } = {},
): Promise<Fields> {
  const invalid = opts.invalid ?? { code: 'BAD_REQUEST', message: MSG.common.invalidInput };
  let body: unknown;
  const isJson =
    !!opts.json &&
    !/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '');
  try {
    body = isJson ? await c.req.json() : await c.req.parseBody({ all: true });
  } catch {
    // unreadable: answered below
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, invalid.code, invalid.message);
  // A form field the route takes once, sent twice (a second file, say), is refused, not half
  // kept. (In a JSON body an array is a value, which the route's schema judges.)
  if (!isJson) {
    const fields = body as Fields;
    const repeated = Object.keys(fields).find(
      (k) => Array.isArray(fields[k]) && !opts.repeatable?.includes(k),
    );
    if (repeated !== undefined) throw new ApiError(400, 'REPEATED_FIELD', MSG.common.repeatedField(repeated));
  }
  return body as Fields;
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
