import { describe, expect, it } from 'vitest';
import { BOUNTY_CRITERIA } from '../lists';
import { MSG } from '../messages';
import { bountyRequestSchema } from './bounties';

const now = () => new Date('2026-08-10T09:00:00Z');
const body = (criteria: string[]) => ({
  title: 'Widget',
  description: 'A small widget.',
  reward: '500 USDC',
  deadline: '2026-08-20',
  contactInfo: 'tg: @team',
  criteria,
  timeZone: 'UTC',
});
const parse = (criteria: string[]) => bountyRequestSchema(now).safeParse(body(criteria));
const C = [...BOUNTY_CRITERIA];

describe('bounty criteria (spec §5: 2 to 7)', () => {
  it('accepts exactly 2 and exactly 7', () => {
    expect(parse(C.slice(0, 2)).success).toBe(true);
    expect(parse(C.slice(0, 7)).success).toBe(true);
  });
  it('refuses 1 and 8 with the spec message', () => {
    for (const n of [0, 1, 8]) {
      const r = parse(C.slice(0, n));
      expect(r.success, `${n} criteria`).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.bounty.criteria);
    }
  });
  it('counts a repeated criterion once, and stores it once', () => {
    const twice = parse([C[0]!, C[0]!, C[1]!]);
    expect(twice.success).toBe(true);
    expect(twice.data?.criteria).toEqual([C[0], C[1]]);
    expect(parse([C[0]!, C[0]!]).success).toBe(false); // one criterion, however often
    expect(parse([...C.slice(0, 7), C[0]!]).success).toBe(true); // seven distinct
  });
  it('refuses a criterion that is not on the list', () => {
    expect(parse([C[0]!, 'Vibes']).success).toBe(false);
  });
});
