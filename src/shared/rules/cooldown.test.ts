import { describe, expect, it } from 'vitest';
import { bountyReapplyAt, mayReapplyNow, projectReapplyAt, reapplyOpensAt } from './cooldown';

const H = 60 * 60 * 1000;
const t0 = new Date('2026-05-01T12:00:00Z');
const at = (h: number) => new Date(t0.getTime() + h * H);

describe('project reapply cooldown', () => {
  it('blocks while pending', () => {
    expect(projectReapplyAt([{ status: 'pending', submittedAt: t0, decidedAt: null }], at(100))).toBe(
      'pending',
    );
  });
  it('blocks for 24 h after a rejection, then opens', () => {
    const h = [{ status: 'rejected', submittedAt: at(-5), decidedAt: t0 }];
    expect(projectReapplyAt(h, at(0))).toEqual(at(24));
    expect(projectReapplyAt(h, at(23))).toEqual(at(24));
    expect(projectReapplyAt(h, at(24))).toBeNull();
    expect(projectReapplyAt(h, at(25))).toBeNull();
  });
  it('is open with no history or after an approval', () => {
    expect(projectReapplyAt([], t0)).toBeNull();
    expect(projectReapplyAt([{ status: 'approved', submittedAt: t0, decidedAt: t0 }], at(1))).toBeNull();
  });
});

describe('bounty reapply cooldown', () => {
  it('opens 24 h after the last pending or rejected submission', () => {
    const h = [
      { status: 'approved', createdAt: at(-1) },
      { status: 'pending', createdAt: t0 },
    ];
    expect(bountyReapplyAt(h, at(1))).toEqual(at(24));
    expect(bountyReapplyAt(h, at(24))).toBeNull();
    expect(bountyReapplyAt([{ status: 'approved', createdAt: t0 }], at(1))).toBeNull();
  });
});

describe('reading the server’s answer', () => {
  const end = at(6).toISOString();
  it('is open on null, closed while pending, and closed until the end of a cooldown', () => {
    expect(mayReapplyNow(null, t0)).toBe(true);
    expect(mayReapplyNow('pending', t0)).toBe(false);
    expect(reapplyOpensAt('pending')).toBeNull();
    expect(reapplyOpensAt(end)?.toISOString()).toBe(end);
    expect(mayReapplyNow(end, at(5))).toBe(false);
    expect(mayReapplyNow(end, at(6))).toBe(true);
  });
  it('stays closed on a garbled answer', () => {
    expect(reapplyOpensAt('not a date')).toBeNull();
    expect(mayReapplyNow('not a date', t0)).toBe(false);
  });
});

describe('cooldowns with several past requests', () => {
  it('project: the latest rejection counts, in any order; approvals and old rejections do not', () => {
    const rejected = (decidedH: number | null, submittedH = -30) => ({
      status: 'rejected',
      submittedAt: at(submittedH),
      decidedAt: decidedH === null ? null : at(decidedH),
    });
    const approved = { status: 'approved', submittedAt: at(-1), decidedAt: at(0) };
    expect(projectReapplyAt([rejected(-2), rejected(-10)], at(0))).toEqual(at(22));
    expect(projectReapplyAt([rejected(-10), rejected(-2)], at(0))).toEqual(at(22));
    expect(projectReapplyAt([rejected(-30), approved], at(0))).toBeNull();
    expect(projectReapplyAt([approved], at(0))).toBeNull();
    // Without a decision time the submission time counts.
    expect(projectReapplyAt([rejected(null, -4)], at(0))).toEqual(at(20));
    expect(projectReapplyAt([], at(0))).toBeNull();
  });
  it('bounty: the latest pending or rejected request counts; approved ones never do', () => {
    const req = (status: string, createdH: number) => ({ status, createdAt: at(createdH) });
    expect(bountyReapplyAt([req('rejected', -10), req('pending', -2)], at(0))).toEqual(at(22));
    expect(bountyReapplyAt([req('pending', -2), req('rejected', -10)], at(0))).toEqual(at(22));
    expect(bountyReapplyAt([req('approved', -1)], at(0))).toBeNull();
    expect(bountyReapplyAt([req('rejected', -24)], at(0))).toBeNull(); // exactly 24 h: open
    expect(bountyReapplyAt([req('rejected', -23)], at(0))).toEqual(at(1));
  });
  it('the browser reads the server’s answer: null is open, pending and garbage stay closed', () => {
    expect(reapplyOpensAt(null)).toBeNull();
    expect(reapplyOpensAt('pending')).toBeNull();
    expect(reapplyOpensAt('not a date')).toBeNull();
    expect(reapplyOpensAt(at(5).toISOString())).toEqual(at(5));
    expect(mayReapplyNow(null, at(0))).toBe(true);
    expect(mayReapplyNow('pending', at(0))).toBe(false);
    expect(mayReapplyNow('garbage', at(0))).toBe(false);
    expect(mayReapplyNow(at(5).toISOString(), at(5))).toBe(true);
    expect(mayReapplyNow(at(5).toISOString(), new Date(at(5).getTime() - 1))).toBe(false);
  });
});
