/**
 * How much image work runs at once (second outside review: 60 concurrent 40-megapixel avatars
 * from one member slowed everyone else's requests to 1–4 s). sharp decodes on libuv's thread
 * pool, which file I/O, password hashing and compression share, so the pool is not left to
 * image work:
 * - at most ENCODES_AT_ONCE re-encodes run in the process, the rest wait in turn (p-limit's
 *   queue), and when ENCODES_WAITING_MAX already wait a new one is refused (503, nothing kept);
 * - a member has at most UPLOADS_PER_MEMBER uploads in progress in this process; the next is
 *   refused at once (429, nothing kept), so one member cannot fill the queue others wait in.
 */
import pLimit from 'p-limit';
import { MSG } from '@/shared/messages';
import { ApiError } from '../lib/errors';

export const ENCODES_AT_ONCE = 2;
export const ENCODES_WAITING_MAX = 32;
export const UPLOADS_PER_MEMBER = 2;

/** A queue of image work: `limit` at once, at most `waitingMax` waiting. */
export function createEncodeQueue(limit = ENCODES_AT_ONCE, waitingMax = ENCODES_WAITING_MAX) {
  const run = pLimit(limit);
  return function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (run.pendingCount >= waitingMax)
      return Promise.reject(new ApiError(503, 'UPLOADS_BUSY', MSG.common.uploadsBusy));
    return run(work);
  };
}

/** A member's uploads in progress: at most `max` at once each. */
export function createMemberGate(max = UPLOADS_PER_MEMBER) {
  const inProgress = new Map<string, number>();
  return async function asMember<T>(member: string, work: () => Promise<T>): Promise<T> {
    const n = inProgress.get(member) ?? 0;
    if (n >= max) throw new ApiError(429, 'UPLOAD_IN_PROGRESS', MSG.common.uploadInProgress);
    inProgress.set(member, n + 1);
    try {
      return await work();
    } finally {
      const left = (inProgress.get(member) ?? 1) - 1;
      if (left > 0) inProgress.set(member, left);
      else inProgress.delete(member);
    }
  };
}

/** The process's own: every re-encode (images.ts) and every upload flow (store-images.ts). */
export const encodeInTurn = createEncodeQueue();
export const uploadAsMember = createMemberGate();
