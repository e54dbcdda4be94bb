import { describe, expect, it } from 'vitest';
import type { MyApplication } from './api';
import { canApplyNow, cooldownEnd } from './cooldown';

const now = Date.parse('2026-03-05T12:00:00Z');
const mine = (canApplyAt: MyApplication['canApplyAt']): MyApplication => ({ latest: null, canApplyAt });

describe('project application cooldown (client view of GET /mine)', () => {
  it('opens the form when the server says null', () => {
    expect(canApplyNow(mine(null), now)).toBe(true);
    expect(cooldownEnd(mine(null))).toBeNull();
  });
  it('keeps it closed while pending', () => {
    expect(canApplyNow(mine('pending'), now)).toBe(false);
    expect(cooldownEnd(mine('pending'))).toBeNull();
  });
  it('keeps it closed until the cooldown ends, then opens it', () => {
    const end = '2026-03-05T18:30:00.000Z';
    expect(cooldownEnd(mine(end))?.toISOString()).toBe(end);
    expect(canApplyNow(mine(end), now)).toBe(false);
    expect(canApplyNow(mine(end), Date.parse(end))).toBe(true);
  });
  it('stays closed before the answer arrives or when it is garbage', () => {
    expect(canApplyNow(undefined, now)).toBe(false);
    expect(canApplyNow(mine('not a date'), now)).toBe(false);
  });
});
