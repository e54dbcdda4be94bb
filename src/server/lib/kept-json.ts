/**
 * A JSON answer made from a value a cache keeps (a list's first page, the leaderboard's
 * top 50): the value is turned into text once, the first time it is sent, and every
 * repeat sends that text (and, compress-api.ts, the same compressed bytes). JSON.stringify
 * of a page of 24 to 50 rows is a good part of what a cached read costs.
 *
 * The contract: a kept value is never changed after it is first sent. Caches hand the
 * same object to every request, so changing it would already be a bug; the text is
 * keyed by the object itself, so a new value (a new version) is always turned into text
 * anew, and a value a cache dropped takes its text and encodings with it (WeakMap).
 */
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

/** A kept value's text, and its encodings as compress-api.ts made them. */
export type KeptAnswer = { text: string; encoded: Map<string, Buffer> };

const byValue = new WeakMap<object, KeptAnswer>();
const byRequest = new WeakMap<Context, KeptAnswer>();

export function keptJson<T extends object>(
  c: Context,
  value: T,
): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  let kept = byValue.get(value);
  if (!kept) {
    kept = { text: JSON.stringify(value), encoded: new Map() };
    byValue.set(value, kept);
  }
  byRequest.set(c, kept);
  // The same answer c.json(value, 200) makes, typed as it (the route's contract checks the value).
  return c.body(kept.text, 200, { 'content-type': 'application/json' }) as unknown as Response &
    TypedResponse<JSONParsed<T>, 200, 'json'>;
}

/** The kept answer this request sends, if it sends one (compress-api.ts keeps its encodings there). */
export function keptAnswerOf(c: Context): KeptAnswer | undefined {
  return byRequest.get(c);
}
