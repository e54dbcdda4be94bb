import { describe, expect, it } from 'vitest';
import { type ChecklistUser, gettingStarted } from './getting-started';

const fresh: ChecklistUser = {
  emailVerified: true,
  role: 'builder',
  status: 'pending',
  bio: null,
  twitterHandle: null,
  githubHandle: null,
  personalWebsite: null,
  totalContributions: 0,
  referralCount: 0,
  isAdmin: false,
};
const done = (u: ChecklistUser, application?: 'pending' | null) =>
  Object.fromEntries(gettingStarted(u, application).map((i) => [i.key, i.done]));

describe('getting-started checklist (issue 20)', () => {
  it('lists four steps for a builder, five for a startup, none for the admin', () => {
    expect(gettingStarted(fresh).map((i) => i.key)).toEqual(['verify', 'profile', 'contribute', 'invite']);
    expect(gettingStarted({ ...fresh, role: 'startup' }).map((i) => i.key)).toContain('apply');
    expect(gettingStarted({ ...fresh, isAdmin: true })).toEqual([]);
  });
  it('gives a project member their role’s own step: a first bounty request (first-time-user review)', () => {
    const project = { ...fresh, role: 'project' };
    const step = (requested?: boolean) =>
      gettingStarted(project, undefined, requested).find((i) => i.key === 'request');
    expect(step()).toMatchObject({
      to: '/application/bounty-application',
      label: 'Request a bounty',
      done: false,
    });
    expect(step(false)?.done).toBe(false);
    expect(step(true)?.done).toBe(true);
    expect(gettingStarted(fresh, undefined, true).map((i) => i.key)).not.toContain('request');
  });
  it('ticks each step from the user’s record', () => {
    expect(done(fresh)).toEqual({ verify: true, profile: false, contribute: false, invite: false });
    expect(done({ ...fresh, bio: 'Builder', githubHandle: 'me' }).profile).toBe(true);
    expect(done({ ...fresh, bio: '  ', githubHandle: 'me' }).profile).toBe(false);
    expect(done({ ...fresh, bio: 'Builder' }).profile).toBe(false);
    expect(done({ ...fresh, totalContributions: 1 }).contribute).toBe(true);
    expect(done({ ...fresh, referralCount: 2 }).invite).toBe(true);
    expect(done({ ...fresh, role: 'startup' }).apply).toBe(false);
    expect(done({ ...fresh, role: 'startup', status: 'approved' }).apply).toBe(true);
  });
  it('shows a startup’s application under review as waiting, not done', () => {
    const startup = { ...fresh, role: 'startup' };
    const step = (u: ChecklistUser, a?: 'pending' | null) =>
      gettingStarted(u, a).find((i) => i.key === 'apply')!;
    expect(step(startup, 'pending')).toMatchObject({
      done: false,
      waiting: true,
      to: '/application',
      label: 'Application sent: waiting for review',
    });
    // None sent, or the last one decided and not approved: the form.
    expect(step(startup, null)).toMatchObject({ done: false, to: '/application/project-application' });
    expect(step(startup, null).waiting).toBeUndefined();
    expect(step({ ...startup, status: 'approved' }, null)).toMatchObject({
      done: true,
      label: 'Apply for approval',
    });
  });
});
