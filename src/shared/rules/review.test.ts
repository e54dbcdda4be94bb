import { describe, expect, it } from 'vitest';
import { isOverdue } from './review';

describe('isOverdue', () => {
  const at = '2026-07-01T12:00:00.000Z';
  it('is overdue only after the 24-hour promise', () => {
    expect(isOverdue(at, new Date('2026-07-02T12:00:00.000Z'))).toBe(false);
    expect(isOverdue(at, new Date('2026-07-02T12:00:00.001Z'))).toBe(true);
    expect(isOverdue(new Date(at), Date.parse('2026-07-01T13:00:00Z'))).toBe(false);
  });
});
