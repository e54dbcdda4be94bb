/** Schema pieces several schema files share. */
import { z } from 'zod';

/**
 * An optional text field of a form: trimmed, blank means null, anything else must pass
 * `inner`. Absent stays undefined (a PATCH leaves the field alone).
 */
export const optionalText = (inner: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(inner.nullable())
    .nullable()
    .optional();

/** A keyset page's cursor for the next page; null on the last page. */
export const nextCursorSchema = z.string().nullable();

/** One keyset page of a list: its `items` and the cursor of the next page. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: nextCursorSchema,
  });
