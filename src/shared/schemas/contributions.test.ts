import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { firstIssue } from '../test-support';
import {
  contributionHistorySchema,
  contributionSubmitSchema,
  contributionSummarySchema,
  rejectSchema,
  rewardSchema,
  timeZoneSchema,
} from './contributions';
import { DECISION_NOTE_MAX } from './review';

const TWEET = 'https://x.com/sysfi/status/123';
const submit = (v: Record<string, unknown>) => firstIssue(contributionSubmitSchema.safeParse(v));

describe('contributionSubmitSchema (spec §5 contribute)', () => {
  it('accepts a titled tweet link, trimmed; the type defaults to tweet and there is no file', () => {
    expect(contributionSubmitSchema.parse({ title: '  Thread  ', link: ` ${TWEET} ` })).toEqual({
      title: 'Thread',
      type: 'tweet',
      link: TWEET,
      hasFile: false,
    });
  });
  it('requires a title (blank after trimming) and takes at most 200 characters', () => {
    expect(submit({ title: '  ', link: TWEET })).toEqual({
      path: 'title',
      message: MSG.contribution.titleRequired,
    });
    expect(submit({ title: 't'.repeat(200), link: TWEET })).toBeNull();
    expect(submit({ title: 't'.repeat(201), link: TWEET })?.path).toBe('title');
  });
  it.each<[string, Record<string, unknown>]>([
    ['without a link', { title: 'T' }],
    ['with a blank link', { title: 'T', link: '   ' }],
    ['with a link that is not a tweet', { title: 'T', link: 'https://example.com/a/status/1' }],
  ])('refuses a tweet %s, on link, with the spec message', (_, input) => {
    expect(submit(input)).toEqual({ path: 'link', message: MSG.contribution.invalidTweet });
  });
  it('refuses a tweet with a file instead of a link, with the spec message', () => {
    expect(submit({ title: 'T', type: 'tweet', hasFile: true })?.message).toBe(MSG.contribution.invalidTweet);
  });
  it('says why when the username is one X could not have issued', () => {
    expect(submit({ title: 'T', link: 'https://x.com/a_very_long_username_1/status/42' })).toEqual({
      path: 'link',
      message: MSG.contribution.invalidTweetUsername('a_very_long_username_1', true),
    });
    expect(submit({ title: 'T', link: 'https://x.com/bad-name/status/42' })?.message).toBe(
      MSG.contribution.invalidTweetUsername('bad-name', false),
    );
  });
  it('takes a link of at most 500 characters', () => {
    const long = `https://x.com/sysfi/status/123?q=${'x'.repeat(500 - 33)}`;
    expect(long).toHaveLength(500);
    expect(submit({ title: 'T', link: long })).toBeNull();
    expect(submit({ title: 'T', link: `${long}x` })?.path).toBe('link');
  });
  it('other types need a link or a file, and a link must be http(s)', () => {
    expect(submit({ title: 'T', type: 'link' })).toEqual({
      path: 'link',
      message: MSG.contribution.needLinkOrFile,
    });
    expect(submit({ title: 'T', type: 'file', hasFile: true })).toBeNull();
    expect(submit({ title: 'T', type: 'link', link: 'https://example.com/post' })).toBeNull();
    expect(submit({ title: 'T', type: 'link', link: 'javascript:alert(1)' })).toEqual({
      path: 'link',
      message: MSG.contribution.needLinkOrFile,
    });
    expect(submit({ title: 'T', type: 'file', hasFile: true, link: 'ftp://example.com/x' })?.message).toBe(
      MSG.contribution.needLinkOrFile,
    );
    expect(submit({ title: 'T', type: 'video', link: TWEET })?.path).toBe('type');
  });
});

describe('timeZoneSchema', () => {
  it('accepts IANA zones and refuses anything else with the message', () => {
    expect(timeZoneSchema.parse('Europe/Paris')).toBe('Europe/Paris');
    expect(firstIssue(timeZoneSchema.safeParse('Mars/Base'))?.message).toBe(MSG.contribution.invalidTimeZone);
  });
});

describe('rewardSchema (admin: a positive whole number of points, at most 100,000)', () => {
  it.each([1, '1', 100_000, ' 250 '])('accepts %s', (points) => {
    expect(rewardSchema.parse({ points }).points).toBe(Number(points));
  });
  it.each([0, -1, 1.5, 100_001, 'ten', undefined])('refuses %s with the message', (points) => {
    expect(firstIssue(rewardSchema.safeParse({ points }))?.message).toBe(MSG.contribution.invalidPoints);
  });
});

describe('rejectSchema (admin: a reason is required)', () => {
  it('requires a reason, trimmed, of at most the decision note length', () => {
    expect(rejectSchema.parse({ reason: '  spam  ' })).toEqual({ reason: 'spam' });
    expect(firstIssue(rejectSchema.safeParse({ reason: '   ' }))?.message).toBe(
      MSG.contribution.reasonRequired,
    );
    expect(firstIssue(rejectSchema.safeParse({}))?.message).toBe(MSG.contribution.reasonRequired);
    expect(rejectSchema.safeParse({ reason: 'r'.repeat(DECISION_NOTE_MAX) }).success).toBe(true);
    expect(rejectSchema.safeParse({ reason: 'r'.repeat(DECISION_NOTE_MAX + 1) }).success).toBe(false);
  });
});

describe('the contribution answers keep every field', () => {
  const c = {
    id: 'c1',
    uid: 'u1',
    title: 'T',
    type: 'tweet',
    contributor: 'Alice',
    link: TWEET,
    fileUrl: null,
    status: 'rejected',
    reason: 'no',
    rewardPoints: null,
    createdAt: '2026-08-10T09:00:00.000Z',
    updatedAt: '2026-08-10T09:00:00.000Z',
    reviewedAt: '2026-08-10T10:00:00.000Z',
    changesNote: 'Link the first tweet',
    resubmittedAt: '2026-08-10T09:00:00.000Z',
  };
  it('summary and history', () => {
    const summary = {
      today: 2,
      limit: 5,
      timeZone: 'UTC',
      stats: { approved: 1, rejected: 1, total: 3, successRate: 0.5 },
      recent: [
        { ...c, status: 'pending', queue: { queuePosition: 2, queueDeep: false, typicalReviewHours: null } },
      ],
    };
    expect(contributionSummarySchema.parse(summary)).toEqual(summary);
    const history = { items: [c], nextCursor: null };
    expect(contributionHistorySchema.parse(history)).toEqual(history);
    for (const status of ['pending', 'approved', 'rejected'])
      expect(
        contributionHistorySchema.safeParse({ items: [{ ...c, status }], nextCursor: 'x' }).success,
      ).toBe(true);
    expect(
      contributionHistorySchema.safeParse({ items: [{ ...c, status: 'lost' }], nextCursor: null }).success,
    ).toBe(false);
  });
});
