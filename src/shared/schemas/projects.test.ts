import { describe, expect, it } from 'vitest';
import { PROJECT_GENRES, PROJECT_PHASES } from '../lists';
import { MSG } from '../messages';
import { issueWith } from '../test-support';
import {
  createProjectSchema,
  parseTags,
  projectApplicationSchema,
  projectApplicationViewSchema,
  projectSchema,
} from './projects';

/** An http(s) URL of exactly n characters. */
const urlOf = (n: number) => `https://a.io/${'x'.repeat(n - 13)}`;

/** A complete project application, as the form sends it and the admin's view shows it back. */
const application = {
  name: 'Widget',
  website: 'https://widget.io',
  github: 'https://github.com/widget',
  whitepaper: 'https://widget.io/paper.pdf',
  teamMembers: ['https://x.com/alice', 'https://x.com/bob'],
  genre: PROJECT_GENRES[0],
  phase: PROJECT_PHASES[0],
  goals: 'Ship it.',
};

/** A new project's required fields, as the create form sends them and the project shows them back. */
const newProject = {
  title: 'Widget',
  description: 'A widget.',
  xAccount: '@widget',
  website: 'https://widget.io',
};

describe('projectApplicationSchema (spec §5 project application)', () => {
  const apply = issueWith(projectApplicationSchema, application);

  it('accepts a complete application, trimmed; optional handles blank or missing are null', () => {
    expect(
      projectApplicationSchema.parse({
        ...application,
        name: ' Widget ',
        goals: ' Ship it. ',
        xAccount: '  ',
      }),
    ).toEqual({
      ...application,
      xAccount: null,
      telegram: null,
    });
    expect(
      projectApplicationSchema.parse({ ...application, xAccount: ' @widget ', telegram: null }),
    ).toMatchObject({
      xAccount: '@widget',
      telegram: null,
    });
  });
  it('trims the URLs before checking and storing them', () => {
    const r = projectApplicationSchema.parse({
      ...application,
      website: ` ${urlOf(500)} `,
      teamMembers: [' https://x.com/a ', 'https://x.com/b'],
    });
    expect(r.website).toBe(urlOf(500));
    expect(r.teamMembers).toEqual(['https://x.com/a', 'https://x.com/b']);
  });
  it('requires a name and goals, with the spec message', () => {
    expect(apply({ name: '  ' })).toEqual({ path: 'name', message: MSG.projectApplication.required });
    expect(apply({ goals: '' })).toEqual({ path: 'goals', message: MSG.projectApplication.required });
    expect(apply({ name: 'n'.repeat(200) })).toBeNull();
    expect(apply({ name: 'n'.repeat(201) })?.path).toBe('name');
    expect(apply({ goals: 'g'.repeat(5000) })).toBeNull();
    expect(apply({ goals: 'g'.repeat(5001) })?.path).toBe('goals');
  });
  it.each(['website', 'github', 'whitepaper'])(
    '%s must be an http(s) URL of at most 500 characters',
    (field) => {
      expect(apply({ [field]: 'javascript:alert(1)' })).toEqual({
        path: field,
        message: MSG.projectApplication.invalidUrl,
      });
      // Left empty, it says what every empty field says (first-time-user review), not "not a URL".
      expect(apply({ [field]: '  ' })).toEqual({ path: field, message: MSG.projectApplication.required });
      expect(apply({ [field]: urlOf(500) })).toBeNull();
      expect(apply({ [field]: urlOf(501) })).toEqual({
        path: field,
        message: MSG.projectApplication.invalidUrl,
      });
    },
  );
  it('needs exactly two team links, each an http(s) URL', () => {
    expect(apply({ teamMembers: ['https://x.com/alice'] })?.message).toBe(MSG.projectApplication.required);
    expect(apply({ teamMembers: undefined })?.message).toBe(MSG.projectApplication.required);
    expect(apply({ teamMembers: ['https://x.com/alice', ''] })).toEqual({
      path: 'teamMembers.1',
      message: MSG.projectApplication.required,
    });
    expect(apply({ teamMembers: ['https://x.com/alice', 'alice'] })).toEqual({
      path: 'teamMembers.1',
      message: MSG.projectApplication.invalidUrl,
    });
  });
  it('takes a genre and a phase from the lists', () => {
    expect(apply({ genre: 'Gambling' })).toEqual({ path: 'genre', message: MSG.projectApplication.required });
    expect(apply({ phase: 'Done' })).toEqual({ path: 'phase', message: MSG.projectApplication.required });
  });
  it('limits the optional handles to 200 characters and refuses unknown fields', () => {
    expect(apply({ telegram: 't'.repeat(200) })).toBeNull();
    expect(apply({ telegram: 't'.repeat(201) })?.path).toBe('telegram');
    expect(apply({ xAccount: 'x'.repeat(201) })?.path).toBe('xAccount');
    expect(apply({ status: 'approved' })).not.toBeNull();
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops empties and case-insensitive repeats, keeps the first spelling', () => {
    expect(parseTags(' DeFi, ,defi , NFT,,Tools ')).toEqual(['DeFi', 'NFT', 'Tools']);
    expect(parseTags(['a', ' b ', 'A'])).toEqual(['a', 'b']);
    expect(parseTags(null)).toEqual([]);
    expect(parseTags(undefined)).toEqual([]);
    expect(parseTags('')).toEqual([]);
  });
  it('cuts each tag to 32 characters and keeps at most 10 tags', () => {
    expect(parseTags('t'.repeat(40))).toEqual(['t'.repeat(32)]);
    const twelve = Array.from({ length: 12 }, (_, i) => `tag${i}`);
    expect(parseTags(twelve.join(','))).toEqual(twelve.slice(0, 10));
  });
});

describe('createProjectSchema (spec §5 create project)', () => {
  const create = issueWith(createProjectSchema, newProject);

  it('accepts the required fields; github is optional and tags are parsed', () => {
    expect(createProjectSchema.parse({ ...newProject, title: ' Widget ', tags: 'a, b' })).toEqual({
      ...newProject,
      githubUrl: null,
      tags: ['a', 'b'],
    });
    expect(createProjectSchema.parse({ ...newProject, githubUrl: ' ' }).githubUrl).toBeNull();
    expect(createProjectSchema.parse({ ...newProject, githubUrl: ' https://github.com/w ' }).githubUrl).toBe(
      'https://github.com/w',
    );
  });
  it.each([
    ['title', MSG.project.titleRequired],
    ['description', MSG.project.descriptionRequired],
    ['xAccount', MSG.project.xRequired],
    ['website', MSG.project.websiteRequired],
  ])('requires %s with its spec message', (field, message) => {
    expect(create({ [field]: '   ' })).toEqual({ path: field, message });
  });
  it('limits title and X account to 200 characters, the description to 5000', () => {
    expect(
      create({ title: 't'.repeat(200), xAccount: 'x'.repeat(200), description: 'd'.repeat(5000) }),
    ).toBeNull();
    expect(create({ title: 't'.repeat(201) })?.path).toBe('title');
    expect(create({ xAccount: 'x'.repeat(201) })?.path).toBe('xAccount');
    expect(create({ description: 'd'.repeat(5001) })?.path).toBe('description');
  });
  it('website and GitHub must be http(s) URLs of at most 500 characters', () => {
    expect(create({ website: 'widget.io' })).toEqual({ path: 'website', message: MSG.project.invalidUrl });
    expect(create({ githubUrl: 'javascript:alert(1)' })).toEqual({
      path: 'githubUrl',
      message: MSG.project.invalidUrl,
    });
    expect(create({ website: urlOf(500), githubUrl: urlOf(500) })).toBeNull();
    expect(create({ website: urlOf(501) })?.path).toBe('website');
    expect(create({ githubUrl: urlOf(501) })?.path).toBe('githubUrl');
  });
  it('limits the raw tags to 1000 characters and refuses unknown fields', () => {
    expect(create({ tags: 't'.repeat(1000) })).toBeNull();
    expect(create({ tags: 't'.repeat(1001) })?.path).toBe('tags');
    expect(create({ ownerId: 'someone' })).not.toBeNull();
  });
});

describe('the project answers keep every field', () => {
  it('projectSchema and projectApplicationViewSchema', () => {
    const p = {
      id: 'p1',
      ownerId: 'u1',
      ownerName: null,
      ownerProfile: false,
      ...newProject,
      githubUrl: null,
      tags: ['a'],
      status: 'archived',
      logoUrl: null,
      bannerUrl: null,
      createdAt: null,
    };
    expect(projectSchema.parse(p)).toEqual(p);
    expect(projectSchema.safeParse({ ...p, status: 'active' }).success).toBe(true);
    expect(projectSchema.safeParse({ ...p, status: 'gone' }).success).toBe(false);
    const a = {
      id: 'a1',
      ownerId: 'u1',
      email: 'a@b.co',
      ...application,
      xAccount: null,
      telegram: null,
      status: 'pending',
      reason: null,
      submittedAt: '2026-08-10T09:00:00.000Z',
      decidedAt: null,
    };
    expect(projectApplicationViewSchema.parse(a)).toEqual(a);
    for (const status of ['approved', 'rejected'])
      expect(projectApplicationViewSchema.safeParse({ ...a, status }).success).toBe(true);
  });
});
