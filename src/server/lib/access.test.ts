import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MSG } from '@/shared/messages';
import type { Access } from '@/shared/rules/access';
import type { AppBindings, UserRow } from '../context';
import {
  assertAccess,
  assertStaffSecondFactor,
  currentUser,
  isAdminUser,
  requireAccess,
  requireApprovedStartup,
  viewerOf,
} from './access';
import { ApiError } from './errors';

describe('isAdminUser (ADMIN_EMAIL is compared without case)', () => {
  it('recognises the verified admin whatever the case on either side', () => {
    expect(isAdminUser({ email: 'admin@example.com', emailVerified: true }, 'Admin@Example.com')).toBe(true);
    expect(isAdminUser({ email: 'Admin@Example.com', emailVerified: true }, 'admin@example.com')).toBe(true);
    expect(isAdminUser({ email: 'ADMIN@EXAMPLE.COM', emailVerified: true }, 'admin@example.com')).toBe(true);
  });
  it('is never an unverified account, another address, or nobody', () => {
    expect(isAdminUser({ email: 'admin@example.com', emailVerified: false }, 'admin@example.com')).toBe(
      false,
    );
    expect(isAdminUser({ email: 'admin@example.org', emailVerified: true }, 'admin@example.com')).toBe(false);
    expect(isAdminUser({ email: 'admin+x@example.com', emailVerified: true }, 'admin@example.com')).toBe(
      false,
    );
    expect(isAdminUser(null, 'admin@example.com')).toBe(false);
  });
});

/** A user record as the session middleware loads it (only the fields the guards read matter). */
const userRow = (patch: Partial<UserRow> = {}) =>
  ({
    id: 'u1',
    email: 'a@b.co',
    emailVerified: true,
    role: 'builder',
    status: 'pending',
    ...patch,
  }) as UserRow;

/** The status, code and message assertAccess throws, or 'allow'. */
const outcome = (access: Access, u: UserRow | null, isAdmin = false, forbidden?: string) => {
  try {
    assertAccess(access, u, isAdmin, forbidden);
    return 'allow';
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { status: e.status, code: e.code, message: e.message };
  }
};

describe('viewerOf', () => {
  it('is what the shared rules read from the stored user, or null', () => {
    expect(viewerOf(userRow({ role: 'startup', status: 'approved' }), true)).toEqual({
      emailVerified: true,
      role: 'startup',
      status: 'approved',
      isAdmin: true,
      isReviewer: false,
    });
    expect(viewerOf(userRow({ reviewerMaxPoints: 40 }), false)).toMatchObject({ isReviewer: true });
    expect(viewerOf(null, true)).toBeNull();
  });
});

describe('assertAccess (the API’s answer to each decision)', () => {
  it('lets through what the shared rule allows', () => {
    expect(outcome('public', null)).toBe('allow');
    expect(outcome('verified', userRow())).toBe('allow');
    expect(outcome('startup', userRow({ role: 'startup' }))).toBe('allow');
    expect(outcome('admin', userRow(), true)).toBe('allow');
  });
  it('answers 401 to nobody', () => {
    expect(outcome('verified', null)).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: MSG.auth.loginRequired,
    });
    expect(outcome('admin', null)).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: MSG.auth.loginRequired,
    });
  });
  it('answers 403 EMAIL_NOT_VERIFIED to an unverified account, even the admin’s address', () => {
    const expected = { status: 403, code: 'EMAIL_NOT_VERIFIED', message: MSG.auth.verifyRequired };
    expect(outcome('verified', userRow({ emailVerified: false }))).toEqual(expected);
    expect(outcome('admin', userRow({ emailVerified: false }), true)).toEqual(expected);
  });
  it('answers 403 ADMIN_ONLY to a non-admin on an admin route', () => {
    expect(outcome('admin', userRow({ role: 'startup' }), false, 'custom')).toEqual({
      status: 403,
      code: 'ADMIN_ONLY',
      message: MSG.auth.adminOnly,
    });
  });
  it('answers 403 FORBIDDEN with the route’s message, else the generic one', () => {
    expect(outcome('startup', userRow(), false, 'Startups only.')).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Startups only.',
    });
    expect(outcome('applicantOnly', userRow(), true)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: MSG.auth.forbidden,
    });
  });
  it('answers a signed-in user on a guest-only route with 403, not 401', () => {
    expect(outcome('guestOnly', userRow())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});

describe('currentUser', () => {
  it('returns the signed-in user, else a 401', () => {
    const u = userRow();
    expect(currentUser({ get: (k) => (k === 'user' ? u : null) })).toBe(u);
    expect(() => currentUser({ get: () => null })).toThrow(MSG.auth.loginRequired);
    try {
      currentUser({ get: () => null });
    } catch (e) {
      expect(e).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });
});

describe('the guard middlewares', () => {
  /** An app whose session is `u` (and `isAdmin`), with one guarded route. */
  const appWith = (u: UserRow | null, isAdmin: boolean, guard: ReturnType<typeof requireAccess>) => {
    const app = new Hono<AppBindings>();
    app.onError((e, c) =>
      e instanceof ApiError ? c.json({ code: e.code, message: e.message }, e.status) : c.text('boom', 500),
    );
    app.use('*', async (c, next) => {
      c.set('user', u);
      c.set('isAdmin', isAdmin);
      await next();
    });
    app.post('/x', guard, (c) => c.text('done'));
    return app;
  };
  const call = async (app: Hono<AppBindings>) => {
    const res = await app.request('/x', { method: 'POST' });
    return { status: res.status, body: res.status === 200 ? await res.text() : await res.json() };
  };

  it('requireAccess runs the handler only when allowed, with the route’s message otherwise', async () => {
    expect(await call(appWith(userRow({ twoFactorEnabled: true }), true, requireAccess('admin')))).toEqual({
      status: 200,
      body: 'done',
    });
    // The admin without a second factor: every write refused, with the way to fix it.
    expect(await call(appWith(userRow({ twoFactorEnabled: false }), true, requireAccess('admin')))).toEqual({
      status: 403,
      body: { code: 'SECOND_FACTOR_REQUIRED', message: MSG.security.staffNeeds2fa },
    });
    expect(await call(appWith(userRow(), false, requireAccess('startup', 'Startups only.')))).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Startups only.' },
    });
    expect((await call(appWith(null, false, requireAccess('verified')))).status).toBe(401);
  });

  it('requireApprovedStartup: only a verified, approved startup', async () => {
    const guard = requireApprovedStartup('Only approved startups.');
    const approved = userRow({ role: 'startup', status: 'approved' });
    expect(await call(appWith(approved, false, guard))).toEqual({ status: 200, body: 'done' });
    for (const u of [
      userRow({ role: 'startup', status: 'pending' }),
      userRow({ role: 'project', status: 'approved' }),
    ])
      expect(await call(appWith(u, true, guard))).toEqual({
        status: 403,
        body: { code: 'NOT_APPROVED_STARTUP', message: 'Only approved startups.' },
      });
    expect(await call(appWith({ ...approved, emailVerified: false }, false, guard))).toEqual({
      status: 403,
      body: { code: 'EMAIL_NOT_VERIFIED', message: MSG.auth.verifyRequired },
    });
    expect((await call(appWith(null, false, guard))).status).toBe(401);
  });
});

describe('assertStaffSecondFactor (issue 21: staff writes need a second factor)', () => {
  const code = (...args: Parameters<typeof assertStaffSecondFactor>) => {
    try {
      assertStaffSecondFactor(...args);
      return 'allow';
    } catch (e) {
      return e instanceof ApiError ? `${e.status} ${e.code}` : String(e);
    }
  };
  const without = { twoFactorEnabled: false };
  it('refuses an admin write without a second factor, whatever the method’s case', () => {
    for (const method of ['POST', 'put', 'PATCH', 'delete'])
      expect(code('admin', method, without, true), method).toBe('403 SECOND_FACTOR_REQUIRED');
    expect(code('admin', 'POST', null, true)).toBe('403 SECOND_FACTOR_REQUIRED');
    expect(code('admin', 'POST', { twoFactorEnabled: true }, true)).toBe('allow');
  });
  it('lets reads through, in any case, and leaves other access levels and a switched-off rule alone', () => {
    for (const method of ['GET', 'get', 'HEAD', 'options'])
      expect(code('admin', method, without, true), method).toBe('allow');
    expect(code('verified', 'POST', without, true)).toBe('allow');
    expect(code('admin', 'POST', without, false)).toBe('allow');
  });
  it('requireAccess reads the switch from the app’s env', async () => {
    const app = new Hono<AppBindings>();
    app.onError((e, c) => (e instanceof ApiError ? c.json({ code: e.code }, e.status) : c.text('boom', 500)));
    app.use('*', async (c, next) => {
      c.set('user', userRow({ twoFactorEnabled: false }));
      c.set('isAdmin', true);
      c.set('deps', { env: { REQUIRE_STAFF_2FA: false } } as unknown as AppBindings['Variables']['deps']);
      await next();
    });
    app.post('/x', requireAccess('admin'), (c) => c.text('done'));
    expect((await app.request('/x', { method: 'POST' })).status).toBe(200);
  });
});
