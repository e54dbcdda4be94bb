import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits';
import { BOUNTY_CRITERIA } from '../lists';
import { MSG } from '../messages';
import { issueWith } from '../test-support';
import { UPLOADS } from '../uploads';
import {
  bountyApplySchema,
  bountyImagesError,
  bountyRequestSchema,
  bountyRequestSchemaOut,
  bountySchema,
} from './bounties';

const now = () => new Date('2026-08-10T09:00:00Z');
const C = [...BOUNTY_CRITERIA];
const valid = {
  title: 'Widget',
  description: 'A small widget.',
  reward: '500 USDC',
  deadline: '2026-08-20',
  contactInfo: 'tg: @team',
  criteria: C.slice(0, 2),
  timeZone: 'UTC',
};
const body = (criteria: string[]) => ({ ...valid, criteria });
const parse = (criteria: string[]) => bountyRequestSchema(now).safeParse(body(criteria));
/** The first problem as the form shows it: field and message; null when accepted. */
const problem = issueWith(bountyRequestSchema(now), valid);

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
    expect(problem({ criteria: [C[0]!, C[1]!, 'Vibes'] })).toEqual({
      path: 'criteria',
      message: MSG.bounty.criteria,
    });
  });
  it('treats missing criteria as none (refused, not a crash)', () => {
    const { criteria: _omit, ...rest } = valid;
    const r = bountyRequestSchema(now).safeParse(rest);
    expect(r.error?.issues[0]?.message).toBe(MSG.bounty.criteria);
  });
});

describe('bountyRequestSchema (spec §5 bounty application)', () => {
  it('accepts a complete request and trims it; an empty resource link is none', () => {
    const r = bountyRequestSchema(now).safeParse({
      ...valid,
      title: '  Widget  ',
      description: ' A small widget. ',
      reward: ' 500 USDC ',
      deadline: ' 2026-08-20 ',
      contactInfo: ' tg: @team ',
      resourceLink: '   ',
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ ...valid, resourceLink: null });
  });
  it('keeps a given resource link, trimmed', () => {
    const r = bountyRequestSchema(now).safeParse({ ...valid, resourceLink: ' https://example.com/x ' });
    expect(r.data?.resourceLink).toBe('https://example.com/x');
  });
  it('refuses a resource link longer than any link a form takes, as the input caps it', () => {
    const long = `https://example.com/${'a'.repeat(LIMITS.linkChars)}`;
    expect(bountyRequestSchema(now).safeParse({ ...valid, resourceLink: long }).success).toBe(false);
    const atLimit = `https://example.com/${'a'.repeat(LIMITS.linkChars - 20)}`;
    expect(bountyRequestSchema(now).safeParse({ ...valid, resourceLink: atLimit }).success).toBe(true);
  });

  it.each(['title', 'description', 'reward', 'deadline', 'contactInfo'])(
    'requires %s (blank after trimming) with the spec message',
    (field) => {
      expect(problem({ [field]: '   ' })).toEqual({ path: field, message: MSG.bounty.required });
    },
  );

  it.each([
    ['title', LIMITS.bountyTitleChars, MSG.bounty.titleTooLong],
    ['description', LIMITS.bountyDescriptionChars, MSG.bounty.descriptionTooLong],
    ['reward', LIMITS.bountyRewardChars, MSG.bounty.rewardTooLong],
    ['contactInfo', LIMITS.bountyContactChars, MSG.bounty.contactTooLong],
  ] as const)('%s: exactly %i characters accepted, one more refused', (field, max, message) => {
    expect(problem({ [field]: 'x'.repeat(max) })).toBeNull();
    expect(problem({ [field]: ` ${'x'.repeat(max)} ` })).toBeNull(); // counted after trimming
    expect(problem({ [field]: 'x'.repeat(max + 1) })).toEqual({ path: field, message });
  });

  it('description: exactly 3000 words accepted, 3001 refused', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'w').join(' ');
    expect(problem({ description: words(LIMITS.bountyDescriptionWords) })).toBeNull();
    expect(problem({ description: words(LIMITS.bountyDescriptionWords + 1) })).toEqual({
      path: 'description',
      message: MSG.bounty.descriptionWords,
    });
  });

  it('checks the rules in the spec order (first failing one wins)', () => {
    const tooLong = (n: number) => 'x'.repeat(n + 1);
    expect(problem({ title: '', reward: tooLong(LIMITS.bountyRewardChars) })?.message).toBe(
      MSG.bounty.required,
    );
    expect(
      problem({
        title: tooLong(LIMITS.bountyTitleChars),
        description: tooLong(LIMITS.bountyDescriptionChars),
      }),
    ).toEqual({ path: 'title', message: MSG.bounty.titleTooLong });
    expect(
      problem({
        description: tooLong(LIMITS.bountyDescriptionChars),
        reward: tooLong(LIMITS.bountyRewardChars),
      }),
    ).toEqual({ path: 'description', message: MSG.bounty.descriptionTooLong });
    expect(
      problem({ reward: tooLong(LIMITS.bountyRewardChars), contactInfo: tooLong(LIMITS.bountyContactChars) }),
    ).toEqual({ path: 'reward', message: MSG.bounty.rewardTooLong });
    expect(problem({ contactInfo: tooLong(LIMITS.bountyContactChars), timeZone: 'Mars/Base' })).toEqual({
      path: 'contactInfo',
      message: MSG.bounty.contactTooLong,
    });
    expect(problem({ timeZone: 'Mars/Base', criteria: [] })).toEqual({
      path: 'timeZone',
      message: MSG.contribution.invalidTimeZone,
    });
    expect(problem({ deadline: '2026-08-01', criteria: [] })).toEqual({
      path: 'deadline',
      message: MSG.bounty.deadlinePast,
    });
    expect(problem({ criteria: [], resourceLink: 'nope' })?.path).toBe('criteria');
    // only one problem is reported
    expect(
      bountyRequestSchema(now).safeParse({ ...valid, title: '', reward: '' }).error?.issues,
    ).toHaveLength(1);
  });

  it('refuses a deadline that is not a date', () => {
    expect(problem({ deadline: 'soon' })).toEqual({ path: 'deadline', message: MSG.bounty.required });
    expect(problem({ deadline: '2026-02-30' })).toEqual({
      path: 'deadline',
      message: MSG.bounty.deadlineInvalid,
    });
  });

  it('accepts today as the deadline, in the requester’s zone, and refuses yesterday', () => {
    expect(problem({ deadline: '2026-08-10' })).toBeNull();
    expect(problem({ deadline: '2026-08-09' })).toEqual({
      path: 'deadline',
      message: MSG.bounty.deadlinePast,
    });
    // 09:00 UTC is still the 9th in Honolulu; 20:00 UTC is already the 11th in Tokyo.
    expect(problem({ deadline: '2026-08-09', timeZone: 'Pacific/Honolulu' })).toBeNull();
    const evening = bountyRequestSchema(() => new Date('2026-08-10T20:00:00Z'));
    expect(evening.safeParse({ ...valid, deadline: '2026-08-10' }).success).toBe(true);
    expect(evening.safeParse({ ...valid, deadline: '2026-08-10', timeZone: 'Asia/Tokyo' }).success).toBe(
      false,
    );
    expect(evening.safeParse({ ...valid, deadline: '2026-08-11', timeZone: 'Asia/Tokyo' }).success).toBe(
      true,
    );
    // the clock is read on each parse, not when the schema is built
    let t = new Date('2026-08-10T09:00:00Z');
    const schema = bountyRequestSchema(() => t);
    expect(schema.safeParse({ ...valid, deadline: '2026-08-10' }).success).toBe(true);
    t = new Date('2026-08-11T09:00:00Z');
    expect(schema.safeParse({ ...valid, deadline: '2026-08-10' }).success).toBe(false);
  });

  it('refuses a resource link that is not an http(s) URL', () => {
    for (const link of ['example.com', 'javascript:alert(1)', 'ftp://example.com/x'])
      expect(problem({ resourceLink: link }), link).toEqual({
        path: 'resourceLink',
        message: MSG.bounty.resourceLink,
      });
    expect(problem({ resourceLink: 'http://example.com' })).toBeNull();
  });
});

describe('bountyImagesError (spec §5: up to 5 images, each under 5MB)', () => {
  const img = (size = 1000) => ({ size });
  it('accepts none, and exactly the maximum count', () => {
    expect(bountyImagesError([])).toBeNull();
    expect(bountyImagesError(Array.from({ length: UPLOADS.bountyImage.maxFiles }, () => img()))).toBeNull();
  });
  it('refuses one image too many', () => {
    expect(bountyImagesError(Array.from({ length: UPLOADS.bountyImage.maxFiles + 1 }, () => img()))).toBe(
      MSG.bounty.imagesMax,
    );
  });
  it('accepts an image of exactly the maximum size and refuses one byte more, wherever it is', () => {
    expect(bountyImagesError([img(UPLOADS.bountyImage.maxBytes)])).toBeNull();
    expect(bountyImagesError([img(), img(UPLOADS.bountyImage.maxBytes + 1)])).toBe(MSG.bounty.imageSize);
    expect(bountyImagesError([img(UPLOADS.bountyImage.maxBytes + 1), img()])).toBe(MSG.bounty.imageSize);
  });
});

describe('bountyApplySchema', () => {
  it('requires a pitch, trimmed, of at most 2000 characters', () => {
    expect(bountyApplySchema.safeParse({ pitch: '  ' }).error?.issues[0]?.message).toBe(
      MSG.bounty.pitchRequired,
    );
    expect(bountyApplySchema.safeParse({ pitch: ` ${'p'.repeat(2000)} ` }).data).toEqual({
      pitch: 'p'.repeat(2000),
      link: null,
    });
    expect(bountyApplySchema.safeParse({ pitch: 'p'.repeat(2001) }).success).toBe(false);
  });
  it('takes an optional http(s) link of at most 500 characters; empty is none', () => {
    expect(bountyApplySchema.safeParse({ pitch: 'hi', link: ' ' }).data?.link).toBeNull();
    expect(bountyApplySchema.safeParse({ pitch: 'hi', link: ' https://a.io/x ' }).data?.link).toBe(
      'https://a.io/x',
    );
    const long = `https://a.io/${'x'.repeat(500 - 13)}`;
    expect(long).toHaveLength(500);
    expect(bountyApplySchema.safeParse({ pitch: 'hi', link: long }).success).toBe(true);
    expect(bountyApplySchema.safeParse({ pitch: 'hi', link: `${long}x` }).success).toBe(false);
    expect(
      bountyApplySchema.safeParse({ pitch: 'hi', link: 'javascript:alert(1)' }).error?.issues[0]?.message,
    ).toBe(MSG.bounty.applyLink);
  });
  it('refuses fields it does not know', () => {
    expect(bountyApplySchema.safeParse({ pitch: 'hi', userId: 'someone' }).success).toBe(false);
  });
});

describe('the bounty answers keep every field', () => {
  // What the request proposes and the bounty published from it shows.
  const content = {
    title: 'Widget',
    description: 'd',
    reward: '5',
    images: ['/uploads/a.webp'],
    criteria: ['x'],
  };
  it('bountySchema: a bounty as the server sends it', () => {
    const b = {
      id: 'b1',
      ...content,
      deadline: null,
      requesterId: null,
      requesterName: null,
      requesterProfile: false,
      createdAt: '2026-08-10T09:00:00.000Z',
      applicants: 0,
      applied: false,
      winnersAnnouncedAt: '2026-08-25T10:00:00.000Z',
      winners: [{ place: 1, userId: 'u2', displayName: 'Ada', profile: true, prizeXp: 300 }],
    };
    expect(bountySchema.parse(b)).toEqual(b);
    expect(bountySchema.parse({ ...b, images: [] })).toEqual({ ...b, images: [] });
    expect(bountySchema.safeParse({ ...b, applicants: 1.5 }).success).toBe(false);
  });
  it('bountyRequestSchemaOut: a bounty request', () => {
    const r = {
      id: 'r1',
      userId: 'u1',
      requesterName: 'Alice',
      ...content,
      deadline: '2026-08-20',
      contactInfo: 'tg',
      resourceLink: null,
      status: 'pending',
      adminMessage: null,
      createdAt: '2026-08-10T09:00:00.000Z',
      reviewedAt: null,
      bountyId: null,
      applicants: 0,
    };
    expect(bountyRequestSchemaOut.parse(r)).toEqual(r);
    expect(bountyRequestSchemaOut.safeParse({ ...r, status: 'lost' }).success).toBe(false);
  });
});
