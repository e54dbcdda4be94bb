import { describe, expect, it } from 'vitest';
import { MSG } from '@/shared/messages';
import { createEncodeQueue, createMemberGate } from './image-gate';

/** A piece of work that ends when the test says so. */
function held<T>(value: T) {
  let release!: () => void;
  const done = new Promise<void>((r) => {
    release = r;
  });
  let started = false;
  const work = async () => {
    started = true;
    await done;
    return value;
  };
  return { work, release, started: () => started };
}

describe('createMemberGate', () => {
  it('lets a member have two uploads in progress, refuses the third with 429, and frees a place when one ends', async () => {
    const asMember = createMemberGate(2);
    const a = held('a');
    const b = held('b');
    const first = asMember('m1', a.work);
    const second = asMember('m1', b.work);
    await expect(asMember('m1', async () => 'c')).rejects.toMatchObject({
      status: 429,
      code: 'UPLOAD_IN_PROGRESS',
      message: MSG.common.uploadInProgress,
    });
    // Another member is not held up by the first one's uploads.
    expect(await asMember('m2', async () => 'other')).toBe('other');
    a.release();
    expect(await first).toBe('a');
    const third = held('c');
    const next = asMember('m1', third.work);
    third.release();
    b.release();
    expect(await Promise.all([second, next])).toEqual(['b', 'c']);
  });

  it('frees the place of an upload that failed', async () => {
    const asMember = createMemberGate(1);
    await expect(
      asMember('m', async () => {
        throw new Error('bad image');
      }),
    ).rejects.toThrow('bad image');
    expect(await asMember('m', async () => 'ok')).toBe('ok');
  });
});

describe('createEncodeQueue', () => {
  it('runs `limit` at once, the others in turn, and refuses beyond `waitingMax` waiting with 503', async () => {
    const inTurn = createEncodeQueue(1, 2);
    const a = held('a');
    const b = held('b');
    const c = held('c');
    const ra = inTurn(a.work);
    const rb = inTurn(b.work);
    const rc = inTurn(c.work);
    await Promise.resolve();
    expect([a.started(), b.started(), c.started()]).toEqual([true, false, false]);
    await expect(inTurn(async () => 'd')).rejects.toMatchObject({
      status: 503,
      code: 'UPLOADS_BUSY',
      message: MSG.common.uploadsBusy,
    });
    a.release();
    expect(await ra).toBe('a');
    await expect.poll(() => b.started()).toBe(true);
    expect(c.started()).toBe(false);
    b.release();
    c.release();
    expect(await Promise.all([rb, rc])).toEqual(['b', 'c']);
  });
});
