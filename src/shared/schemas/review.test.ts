import { describe, expect, it } from 'vitest';
import { DECISION_NOTE_MAX, decisionMessageBody, decisionNoteSchema, decisionReasonBody } from './review';

describe('decision notes', () => {
  it('are trimmed and at most 1000 characters', () => {
    expect(DECISION_NOTE_MAX).toBe(1000);
    expect(decisionNoteSchema.parse('  ok  ')).toBe('ok');
    expect(decisionNoteSchema.safeParse(` ${'n'.repeat(1000)} `).success).toBe(true);
    expect(decisionNoteSchema.safeParse('n'.repeat(1001)).success).toBe(false);
  });
  it('travel as `message` or `reason`, optional, and nothing else', () => {
    expect(decisionMessageBody.parse({})).toEqual({});
    expect(decisionMessageBody.parse({ message: ' Thanks ' })).toEqual({ message: 'Thanks' });
    expect(decisionMessageBody.safeParse({ reason: 'x' }).success).toBe(false);
    expect(decisionMessageBody.safeParse({ message: 'n'.repeat(1001) }).success).toBe(false);
    expect(decisionReasonBody.parse({ reason: ' Too early ' })).toEqual({ reason: 'Too early' });
    expect(decisionReasonBody.safeParse({ message: 'x' }).success).toBe(false);
    expect(decisionReasonBody.safeParse({ reason: 'n'.repeat(1001) }).success).toBe(false);
  });
});
