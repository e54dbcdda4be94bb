import { z } from '@hono/zod-openapi';
import { routes } from '@/server/lib/route';
import {
  emailOnlySchema,
  loginSchema,
  meSchema,
  resetPasswordSchema,
  signUpSchema,
  verifyWithPasswordSchema,
} from '@/shared/schemas/account';

const userBody = z.object({ user: meSchema }).openapi('MeResponse');
const okBody = z.object({ ok: z.literal(true), message: z.string().optional() });

export const signUpRoute = routes.account('post', '/account/sign-up', {
  summary:
    'Create an account (e-mail, display name, password, role, optional referrer); sends the verification mail',
  body: signUpSchema,
  ok: userBody,
  created: true,
  described: 'Created and signed in (unverified)',
  errors: [409, 429, 500],
});

export const signInRoute = routes.account('post', '/account/sign-in', {
  summary: 'Sign in with e-mail and password',
  body: loginSchema,
  ok: z.union([
    userBody,
    z.object({ twoFactorRequired: z.literal(true) }).openapi('TwoFactorRequired', {
      description: 'The password was right; the account has two-factor: POST /account/sign-in/two-factor',
    }),
  ]),
  errors: [401, 429],
});

export const signOutRoute = routes.account('post', '/account/sign-out', {
  summary: 'Sign out (ends the session)',
  ok: okBody,
});

export const meRoute = routes.account('get', '/me', {
  summary: 'The signed-in user (verified or not)',
  ok: userBody,
  errors: [401],
});

/**
 * The app's session read: a visitor is not an error, so no 401 (the browser would log one on every
 * visitor's page). GET /me keeps its 401 for API clients and tests that rely on it.
 */
export const sessionRoute = routes.account('get', '/session', {
  summary:
    'Who is signed in: the user (verified or not), or null for a visitor; never a 401. `ended`: a session cookie came whose session is over (ended elsewhere, expired, or the account disabled); its cookies are cleared',
  ok: z.object({ user: meSchema.nullable(), ended: z.boolean().optional() }).openapi('SessionResponse'),
});

export const discardUnverifiedRoute = routes.account('post', '/account/discard-unverified', {
  summary:
    'Change e-mail before verifying: discards your own unverified sign-up (its address and display name are free again) and signs you out; a verified account is kept (409)',
  ok: z.object({ ok: z.literal(true), referredBy: z.string().nullable() }),
  errors: [401, 409],
});

export const sendVerificationRoute = routes.account('post', '/account/send-verification', {
  summary: 'Send the verification e-mail again',
  ok: okBody,
  errors: [401, 429, 500],
});

export const forgotPasswordRoute = routes.account('post', '/account/forgot-password', {
  summary: 'Mail a password reset link (answers the same whether or not the account exists)',
  body: emailOnlySchema,
  ok: okBody,
  errors: [429],
});

export const resetPasswordRoute = routes.account('post', '/account/reset-password', {
  summary: 'Set a new password with a reset token',
  body: resetPasswordSchema,
  ok: okBody,
  errors: [429],
});

export const verifyWithPasswordRoute = routes.account('post', '/account/verify-email', {
  summary:
    'Finish a verification link opened in another browser: the account’s password proves it is yours; every other session ends',
  body: verifyWithPasswordSchema,
  ok: userBody,
  errors: [401, 409, 429],
});
