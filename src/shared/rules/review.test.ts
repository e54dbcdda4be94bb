import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { isOverdue, rejectionReason } from './review';

describe('isOverdue', () => {
  const at = '2026-07-01T12:00:00.000Z';
  it('is overdue only after the 24-hour promise', () => {
    expect(isOverdue(at, new Date('2026-07-02T12:00:00.000Z'))).toBe(false);
    expect(isOverdue(at, new Date('2026-07-02T12:00:00.001Z'))).toBe(true);
    expect(isOverdue(new Date(at), Date.parse('2026-07-01T13:00:00Z'))).toBe(false);
  });
});

describe('rejectionReason (spec §8)', () => {
  it('shows the reason, else the stored message, else the fallback', () => {
    expect(rejectionReason({ reason: ' Off topic ', rejectMessage: 'Msg' })).toBe('Off topic');
    expect(rejectionReason({ reason: '  ', rejectMessage: ' Msg ' })).toBe('Msg');
    expect(rejectionReason({ reason: null, rejectMessage: null })).toBe(MSG.contribution.rejectedFallback);
    expect(rejectionReason({})).toBe(MSG.contribution.rejectedFallback);
  });
});
