import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { firstIssue } from '../test-support';
import { seasonFormSchema } from './seasons';

const S = MSG.seasons;
const first = (v: { name: string; firstDay: string; lastDay: string }) =>
  firstIssue(seasonFormSchema.safeParse(v));

describe('seasonFormSchema (issue 19: whole UTC days)', () => {
  it('runs from 00:00 UTC of the first day to 00:00 after the last', () => {
    expect(
      seasonFormSchema.parse({ name: ' Launch ', firstDay: '2025-03-01', lastDay: '2025-03-31' }),
    ).toEqual({
      name: 'Launch',
      startsAt: '2025-03-01T00:00:00.000Z',
      endsAt: '2025-04-01T00:00:00.000Z',
    });
    // One day is a season too.
    expect(seasonFormSchema.parse({ name: 'Day', firstDay: '2025-12-31', lastDay: '2025-12-31' })).toEqual({
      name: 'Day',
      startsAt: '2025-12-31T00:00:00.000Z',
      endsAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it("says the API schema's messages", () => {
    expect(first({ name: ' ', firstDay: '2025-03-01', lastDay: '2025-03-02' })?.message).toBe(S.nameRequired);
    expect(first({ name: 'A', firstDay: '', lastDay: '2025-03-02' })?.message).toBe(S.datesInvalid);
    expect(first({ name: 'A', firstDay: '2025-03-01', lastDay: '' })?.message).toBe(S.datesInvalid);
    expect(first({ name: 'A', firstDay: '2025-03-02', lastDay: '2025-03-01' })?.message).toBe(
      S.endAfterStart,
    );
    expect(first({ name: 'A', firstDay: '1999-12-31', lastDay: '2000-01-01' })?.message).toBe(S.datesInvalid);
  });
});
