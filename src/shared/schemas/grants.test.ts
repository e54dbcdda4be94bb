import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import {
  amountSchema,
  currencySchema,
  formatAmount,
  grantApplySchema,
  grantDetailSchema,
  grantEditSchema,
  PROPOSAL_MIN_CHARS,
  proposalSchema,
} from './grants';

const message = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : r.error?.issues[0]?.message;
const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');

describe('proposalSchema (like a bounty description: 50 characters to 20,000, 3,000 words)', () => {
  it('counts characters after trimming: 50 accepted, 49 refused', () => {
    expect(proposalSchema.parse(`  ${'p'.repeat(PROPOSAL_MIN_CHARS)}  `)).toBe('p'.repeat(50));
    expect(message(proposalSchema.safeParse(` ${'p'.repeat(49)} `))).toBe(MSG.grant.proposalShort);
  });
  it('20,000 characters accepted, one more refused', () => {
    expect(proposalSchema.safeParse('p'.repeat(LIMITS.bountyDescriptionChars)).success).toBe(true);
    expect(message(proposalSchema.safeParse('p'.repeat(LIMITS.bountyDescriptionChars + 1)))).toBe(
      MSG.grant.proposalChars,
    );
  });
  it('3,000 words accepted, 3,001 refused', () => {
    expect(proposalSchema.safeParse(words(LIMITS.bountyDescriptionWords)).success).toBe(true);
    expect(message(proposalSchema.safeParse(words(LIMITS.bountyDescriptionWords + 1)))).toBe(
      MSG.grant.proposalWords,
    );
  });
});

describe('amountSchema (positive, at most a billion, whole cents)', () => {
  it.each([
    [0.01, 0.01],
    ['12.5', 12.5],
    [1_000_000_000, 1_000_000_000],
    ['1500', 1500],
    // Grouped by thousands, as people type amounts (first-time-user review).
    ['10,000', 10_000],
    ['1,250,000.50', 1_250_000.5],
    ['10 000', 10_000],
  ])('accepts %s', (input, out) => {
    expect(amountSchema.parse(input)).toBe(out);
  });
  it.each([0, -5, 1_000_000_000.01, 0.001, 12.345, 'lots', '1,5', '10,00', '1,000,0'])(
    'refuses %s with the message',
    (input) => {
      expect(message(amountSchema.safeParse(input))).toBe(MSG.grant.amountInvalid);
    },
  );
});

describe('currencySchema (1–12 letters, digits or $€£.)', () => {
  it.each(['USDC', ' usdc ', '$', '€', 'ABCDEFGHIJKL', 'wETH.e'])('accepts %s', (c) => {
    expect(currencySchema.parse(c)).toBe(c.trim());
  });
  it.each(['', 'ABCDEFGHIJKLM', 'US DC', '<b>', 'xUSDC\n1'])('refuses %j with the message', (c) => {
    expect(message(currencySchema.safeParse(c))).toBe(MSG.grant.currencyInvalid);
  });
});

describe('grantApplySchema', () => {
  const ok = { projectId: 'p1', amount: '1500', currency: 'USDC', proposal: 'p'.repeat(60) };
  it('accepts a complete application', () => {
    expect(grantApplySchema.parse(ok)).toEqual({ ...ok, amount: 1500 });
  });
  it('requires a project id of 1–64 characters', () => {
    expect(message(grantApplySchema.safeParse({ ...ok, projectId: '' }))).toBe(MSG.grant.projectRequired);
    expect(message(grantApplySchema.safeParse({ ...ok, projectId: undefined }))).toBe(
      MSG.grant.projectRequired,
    );
    expect(grantApplySchema.safeParse({ ...ok, projectId: 'p'.repeat(64) }).success).toBe(true);
    expect(grantApplySchema.safeParse({ ...ok, projectId: 'p'.repeat(65) }).success).toBe(false);
  });
  it('refuses fields it does not know (the status is the server’s)', () => {
    expect(grantApplySchema.safeParse({ ...ok, status: 'approved' }).success).toBe(false);
  });
});

describe('grantEditSchema', () => {
  it('takes any of amount, currency and proposal, checked the same way, and nothing else', () => {
    expect(grantEditSchema.parse({})).toEqual({});
    expect(grantEditSchema.parse({ amount: '2', currency: 'DAI', proposal: 'q'.repeat(50) })).toEqual({
      amount: 2,
      currency: 'DAI',
      proposal: 'q'.repeat(50),
    });
    expect(message(grantEditSchema.safeParse({ amount: 0 }))).toBe(MSG.grant.amountInvalid);
    expect(message(grantEditSchema.safeParse({ currency: '' }))).toBe(MSG.grant.currencyInvalid);
    expect(message(grantEditSchema.safeParse({ proposal: 'short' }))).toBe(MSG.grant.proposalShort);
    expect(grantEditSchema.safeParse({ projectId: 'p2' }).success).toBe(false);
  });
});

describe('grantDetailSchema (the API’s answer)', () => {
  it('keeps every field and the history', () => {
    const g = {
      id: 'g1',
      projectId: 'p1',
      projectTitle: 'Widget',
      applicantId: 'u1',
      applicantName: 'Alice',
      applicantProfile: true,
      amountRequested: '1500 USDC',
      amount: 1500,
      currency: 'USDC',
      proposal: 'p',
      status: 'declined',
      adminMessage: 'no',
      submittedAt: '2026-08-10T09:00:00.000Z',
      updatedAt: '2026-08-10T09:00:00.000Z',
      decidedAt: null,
      mine: true,
      history: [{ at: '2026-08-10T09:00:00.000Z', event: 'submitted', note: null }],
    };
    expect(grantDetailSchema.parse(g)).toEqual(g);
    for (const status of ['pending', 'approved'])
      expect(grantDetailSchema.safeParse({ ...g, status }).success).toBe(true);
    expect(grantDetailSchema.safeParse({ ...g, status: 'rejected' }).success).toBe(false);
  });
});

describe('formatAmount', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect(formatAmount(1500, 'USDC')).toBe('1,500 USDC');
    expect(formatAmount(1234.5678, 'DAI')).toBe('1,234.57 DAI');
  });
});
