/**
 * Bounds every storage call in time, whatever the driver: an object store that hangs
 * fails the upload after PUT_TIMEOUT_MS with the feature's message instead of holding
 * the request. A write that completes after its caller gave up is removed at once
 * (and the orphan sweeper catches any that slip through).
 */
import { noAnswerWithin, withTimeout } from '../lib/timeout';
import type { Storage } from './storage';

export const PUT_TIMEOUT_MS = 20_000;
export const REMOVE_TIMEOUT_MS = 10_000;

export class StorageTimeoutError extends Error {}

const bounded = <T>(p: Promise<T>, ms: number, what: string) =>
  withTimeout(p, ms, () => new StorageTimeoutError(noAnswerWithin(what, ms)));

export function guardStorage<S extends Storage>(
  inner: S,
  opts: { putMs?: number; removeMs?: number } = {},
): S {
  const putMs = opts.putMs ?? PUT_TIMEOUT_MS;
  const removeMs = opts.removeMs ?? REMOVE_TIMEOUT_MS;
  return {
    ...inner,
    kind: inner.kind,
    async put(key, body, type) {
      const writing = inner.put(key, body, type);
      try {
        return await bounded(writing, putMs, `storage put ${key}`);
      } catch (err) {
        if (err instanceof StorageTimeoutError) {
          // Late success: nobody will record this URL.
          writing.then((url) => inner.removeByUrl(url)).catch(() => {});
        }
        throw err;
      }
    },
    removeByUrl: (url) => bounded(inner.removeByUrl(url), removeMs, `storage remove ${url}`),
  };
}
