/**
 * Keyset paging, the one home for every paged list (principle 10, docs/architecture.md).
 *
 * A list is ordered by a key that ends in the row's id, so no two rows tie. A page
 * asks for `limit + 1` rows after the last key the client saw; the extra row only
 * says whether there is a next page. The client gets that last key back as an opaque
 * cursor: base64url of a JSON array, which the list's own zod schema checks when it
 * comes back. Anything else (not base64url, not JSON, wrong shape, a date PostgreSQL
 * cannot store) answers 400 with MSG.common.badCursor, never a 500.
 *
 * Rows inserted while someone pages are either after their cursor (they show up)
 * or before it (they don't); a row is never shown twice and none is skipped.
 */
import { z } from '@hono/zod-openapi';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { ApiError } from './errors';

/** The query parameters every paged list takes. */
export const pageParams = {
  cursor: z
    .string()
    .max(400)
    .optional()
    .openapi({ description: 'nextCursor of the previous page; absent for the first page' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.listPageMax)
    .optional()
    .openapi({ description: `Page size (default ${LIMITS.listPage}, at most ${LIMITS.listPageMax})` }),
};

/** The query parameters of a review queue's pages: larger pages, since the queue is worked through. */
export const queuePageParams = {
  cursor: pageParams.cursor,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.queuePage)
    .optional()
    .openapi({ description: `Page size (default and at most ${LIMITS.queuePage})` }),
};

/** `nextCursor` in a response: null on the last page (one definition, shared/schemas/common.ts). */
export { nextCursorSchema } from '@/shared/schemas/common';

/**
 * An instant inside a cursor: ISO 8601 with the database's microseconds (a JS Date
 * keeps milliseconds only, and rounding the key down would skip rows), in the years
 * PostgreSQL stores (principle 4). Compared as `$1::timestamptz` (instantParam). In UTC
 * (`Z`), as exactInstant writes every cursor: an offset PostgreSQL refuses (beyond ±15:59)
 * was a 500 on every paged list (second outside review).
 */
export const cursorInstant = z.iso.datetime().refine((v) => !v.startsWith('0000'));

/** A timestamp column as the exact ISO text a cursor carries (UTC, microseconds). */
export const exactInstant = (col: AnyColumn | SQL) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A cursor's instant as a query parameter. */
export const instantParam = (iso: string) => sql`${iso}::timestamptz`;

/** A row id inside a cursor. */
export const cursorId = z.string().min(1).max(64);

export type CursorValue = string | number | null;

export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The answer to a cursor this list did not issue. */
export const badCursor = () => new ApiError(400, 'BAD_CURSOR', MSG.common.badCursor);

/** The cursor's key checked by `schema`; null when there is no cursor (first page). */
export function decodeCursor<T>(raw: string | undefined, schema: z.ZodType<T>): T | null {
  if (raw === undefined || raw === '') return null;
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw badCursor();
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  // A NUL (JSON's \u0000) would reach PostgreSQL, which refuses it in text: a 500, not a 400.
  if (/\\u0000/i.test(text)) throw badCursor();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badCursor();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw badCursor();
  return parsed.data;
}

/**
 * Rows strictly after `key` in an order where every column runs `dir`:
 * `(a, b, id) < ($1, $2, $3)` for descending. A row comparison, which a btree
 * index on the same columns serves directly. Columns must not be null.
 */
export function keysetAfter(
  dir: 'asc' | 'desc',
  columns: readonly (AnyColumn | SQL)[],
  key: readonly unknown[],
): SQL {
  const left = sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  );
  const right = sql.join(
    key.map((v) => sql`${v}`),
    sql`, `,
  );
  return dir === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/** The page size a request asks for. */
export const pageLimit = (limit: number | undefined) => limit ?? LIMITS.listPage;

/**
 * One page out of `limit + 1` rows: the first `limit`, and a cursor made of the
 * last one's key when the extra row shows there is more.
 */
export function pageOf<R>(
  rows: readonly R[],
  limit: number,
  keyOf: (row: R) => readonly CursorValue[],
): { items: R[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** The cursor of a list ordered by (time, id): the exact instant (exactInstant) and the id. */
export const timeKeySchema = z.tuple([cursorInstant, cursorId]);

/** Rows after a (time, id) cursor, or everything for the first page. */
export function afterTimeKey(
  dir: 'asc' | 'desc',
  at: AnyColumn,
  id: AnyColumn,
  key: z.infer<typeof timeKeySchema> | null,
): SQL | undefined {
  return key ? keysetAfter(dir, [at, id], [instantParam(key[0]), key[1]]) : undefined;
}
