/**
 * API-side guards: the same decide() the browser's route guards use (shared/rules/access.ts),
 * answered with status codes instead of redirects.
 */
import { createMiddleware } from 'hono/factory';
import { MSG } from '@/shared/messages';
import { type Access, canCreateProject, decide, type Viewer } from '@/shared/rules/access';
import type { AppBindings, UserRow } from '../context';
import { ApiError } from './errors';

/** The admin is exactly the verified account whose e-mail is ADMIN_EMAIL (case-insensitive). */
export function isAdminUser(u: Pick<UserRow, 'email' | 'emailVerified'> | null, adminEmail: string): boolean {
  return !!u && u.emailVerified && u.email.toLowerCase() === adminEmail.toLowerCase();
}

export function viewerOf(u: UserRow | null, isAdmin: boolean): Viewer {
  return u
    ? {
        emailVerified: u.emailVerified,
        role: u.role,
        status: u.status,
        isAdmin,
        isReviewer: u.reviewerMaxPoints != null,
      }
    : null;
}

export function assertAccess(
  access: Access,
  u: UserRow | null,
  isAdmin: boolean,
  forbiddenMessage?: string,
): void {
  const d = decide(access, viewerOf(u, isAdmin));
  if (d.kind === 'allow') return;
  if (!u) throw new ApiError(401, 'UNAUTHENTICATED', MSG.auth.loginRequired);
  if (d.kind === 'verify') throw new ApiError(403, 'EMAIL_NOT_VERIFIED', MSG.auth.verifyRequired);
  // The spec's answer to anyone else on the admin's screens, the review queue included.
  if (access === 'admin' || access === 'reviewer') throw new ApiError(403, 'ADMIN_ONLY', MSG.auth.adminOnly);
  throw new ApiError(403, 'FORBIDDEN', forbiddenMessage ?? MSG.auth.forbidden);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * THE staff second-factor rule (issue 21): an admin or a reviewer without a second
 * factor may look, but every write of theirs is refused with a message that leads to the
 * profile's security section. REQUIRE_STAFF_2FA (env, on unless set to false) switches it;
 * without deps (a bare app in unit tests) it is on.
 */
export function assertStaffSecondFactor(
  access: Access,
  method: string,
  u: Pick<UserRow, 'twoFactorEnabled'> | null,
  required: boolean,
): void {
  if ((access !== 'admin' && access !== 'reviewer') || !required || READS.has(method.toUpperCase())) return;
  if (!u?.twoFactorEnabled) throw new ApiError(403, 'SECOND_FACTOR_REQUIRED', MSG.security.staffNeeds2fa);
}

/**
 * Route middleware. It runs before body validation, so a caller without the
 * right never learns anything from validation errors.
 */
export const requireAccess = (access: Access, forbiddenMessage?: string) =>
  createMiddleware<AppBindings>(async (c, next) => {
    const u = c.get('user');
    assertAccess(access, u, c.get('isAdmin'), forbiddenMessage);
    assertStaffSecondFactor(access, c.req.method, u, c.get('deps')?.env.REQUIRE_STAFF_2FA ?? true);
    await next();
  });

/** Only approved startups create projects (spec §6). */
export const requireApprovedStartup = (forbiddenMessage: string) =>
  createMiddleware<AppBindings>(async (c, next) => {
    const u = c.get('user');
    assertAccess('verified', u, c.get('isAdmin'));
    if (!canCreateProject(viewerOf(u, c.get('isAdmin'))))
      throw new ApiError(403, 'NOT_APPROVED_STARTUP', forbiddenMessage);
    await next();
  });

/** The signed-in user, or a 401 (for handlers behind requireAccess). */
export function currentUser(c: { get: (k: 'user') => UserRow | null }): UserRow {
  const u = c.get('user');
  if (!u) throw new ApiError(401, 'UNAUTHENTICATED', MSG.auth.loginRequired);
  return u;
}
