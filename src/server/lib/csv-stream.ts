/**
 * CSV downloads that stream: rows are read from the database in keyset batches and
 * written through csv-stringify as the client reads them (back-pressure: the next
 * batch is only read when the socket has taken the previous one), so an export of
 * a million rows holds one batch in memory, never the whole result.
 *
 * Cells are quoted per RFC 4180 and safe from spreadsheet formula injection: a text
 * cell starting with =, +, -, @, a tab or a carriage return (or their full-width
 * forms) is prefixed with ' (csv-stringify's escape_formulas).
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, desc, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';

export const EXPORT_BATCH = 1000;

/** What a column reads from a row; cell() writes it. */
export type CellValue = string | number | boolean | Date | readonly string[] | null | undefined;

export type CsvColumn<R> = {
  header: string;
  value: (row: R) => CellValue;
};

/** A cell value: dates as ISO 8601, lists joined with "; ", nothing as an empty cell. */
export function cell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.join('; ');
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

/** The position of a row in a keyset order: its timestamp as the database prints it (microseconds kept) and its id. */
export type KeysetKey = { at: string; id: string | number };

/** Selects a timestamp column as text, so the keyset cursor keeps PostgreSQL's microseconds (a Date would round them). */
const keyText = (col: AnyPgColumn) => sql<string>`${col}::text`;

/** The keyset condition "after `key`" for an order by (at, id), ascending or descending. */
function afterKey(
  at: AnyPgColumn,
  id: AnyPgColumn,
  key: KeysetKey | undefined,
  dir: 'asc' | 'desc',
): SQL | undefined {
  if (!key) return undefined;
  return dir === 'asc'
    ? sql`(${at}, ${id}) > (${key.at}::timestamptz, ${key.id})`
    : sql`(${at}, ${id}) < (${key.at}::timestamptz, ${key.id})`;
}

/** Every row, one batch at a time: `page(after)` reads the next batch after the last row's key. */
async function* keysetRows<R>(
  page: (after: KeysetKey | undefined, limit: number) => Promise<R[]>,
  keyOf: (row: R) => KeysetKey,
  batch = EXPORT_BATCH,
): AsyncGenerator<R> {
  let after: KeysetKey | undefined;
  for (;;) {
    const rows = await page(after, batch);
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    after = keyOf(rows[rows.length - 1] as R);
  }
}

/** A keyset order by (time, id): the row's timestamp column, its id column, and the direction of both. */
export type TimeOrder = { at: AnyPgColumn; id: AnyPgColumn; dir: 'asc' | 'desc' };

/**
 * Every row `where` keeps, in `order`, one batch at a time. `select(key)` is the export's
 * select and joins as a dynamic query (`.$dynamic()`), reading `key` (the order's time as
 * keyText) beside its columns; each batch's condition, order and size are added here.
 */
export function rowsByTime<Q extends PgSelect, R extends Q['_']['result'][number] & { key: string }>(
  order: TimeOrder,
  where: SQL | undefined,
  select: (key: SQL<string>) => Q,
  idOf: (row: R) => string | number,
): AsyncGenerator<R> {
  const by = order.dir === 'asc' ? asc : desc;
  return keysetRows(
    (after, limit) =>
      select(keyText(order.at))
        .where(and(where, afterKey(order.at, order.id, after, order.dir)))
        .orderBy(by(order.at), by(order.id))
        .limit(limit) as Promise<R[]>,
    (r) => ({ at: r.key, id: idOf(r) }),
  );
}

/**
 * Every row `where` keeps, by `id` ascending (a primary key or an identity column, so each
 * batch is an index range at any size), one batch at a time. `select()` is the export's
 * select and joins as a dynamic query (`.$dynamic()`).
 */
export function rowsById<Q extends PgSelect, R extends Q['_']['result'][number]>(
  id: AnyPgColumn,
  where: SQL | undefined,
  select: () => Q,
  idOf: (row: R) => string | number,
): AsyncGenerator<R> {
  return keysetRows(
    (after, limit) =>
      select()
        .where(and(where, after ? gt(id, after.id) : undefined))
        .orderBy(asc(id))
        .limit(limit) as Promise<R[]>,
    (r) => ({ at: '', id: idOf(r) }),
  );
}

/** `name-YYYY-MM-DD.csv` for the Content-Disposition header. */
export const csvFileName = (name: string, now: Date) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Answers with the rows as a CSV download. The header row goes first; each row is
 * written as it arrives. If reading fails half-way the response is cut off (the
 * client sees a failed download, not a short file that looks complete).
 */
export function csvResponse<R>(
  c: Context,
  fileName: string,
  columns: readonly CsvColumn<R>[],
  rows: AsyncIterable<R>,
): Response {
  const records = Readable.from(
    (async function* () {
      for await (const r of rows) yield columns.map((col) => cell(col.value(r)));
    })(),
    { objectMode: true, highWaterMark: 64 },
  );
  const csv = stringify({
    header: true,
    columns: columns.map((col) => col.header),
    escape_formulas: true,
    record_delimiter: 'windows', // RFC 4180: CRLF
    bom: true, // so spreadsheet programs read UTF-8
  });
  records.on('error', (err) => csv.destroy(err));
  // The client went away: stop reading the database.
  csv.on('close', () => records.destroy());
  records.pipe(csv);
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${fileName}"`);
  c.header('cache-control', 'no-store');
  c.header('x-content-type-options', 'nosniff');
  // Pulled one chunk at a time (highWaterMark 0): the next chunk is only read when the
  // server has written the previous one (it waits for the socket's drain). Readable.toWeb
  // queued far ahead of a slow client (bench/export-memory.ts measured it).
  const chunks = csv[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(typeof next.value === 'string' ? Buffer.from(next.value) : next.value);
      },
      cancel() {
        csv.destroy();
      },
    },
    { highWaterMark: 0 },
  );
  return c.body(body, 200);
}
