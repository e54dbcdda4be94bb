import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '@/server/lib/errors';
import { jsonBody, jsonContent } from '@/server/lib/openapi';
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

export const signUpRoute = createRoute({
  method: 'post',
  path: '/account/sign-up',
  tags: ['account'],
  summary:
    'Create an account (e-mail, display name, password, role, optional referrer); sends the verification mail',
  request: { body: jsonBody(signUpSchema) },
  responses: {
    201: jsonContent(userBody, 'Created and signed in (unverified)'),
    ...errorResponses(400, 409, 429, 500),
  },
});

export const signInRoute = createRoute({
  method: 'post',
  path: '/account/sign-in',
  tags: ['account'],
  summary: 'Sign in with e-mail and password',
  request: { body: jsonBody(loginSchema) },
  responses: {
    200: jsonContent(
      z.union([
        userBody,
        z.object({ twoFactorRequired: z.literal(true) }).openapi('TwoFactorRequired', {
          description: 'The password was right; the account has two-factor: POST /account/sign-in/two-factor',
        }),
      ]),
    ),
    ...errorResponses(400, 401, 429),
  },
});

export const signOutRoute = createRoute({
  method: 'post',
  path: '/account/sign-out',
  tags: ['account'],
  summary: 'Sign out (ends the session)',
  responses: { 200: jsonContent(okBody) },
});

export const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['account'],
  summary: 'The signed-in user (verified or not)',
  responses: { 200: jsonContent(userBody), ...errorResponses(401) },
});

export const sendVerificationRoute = createRoute({
  method: 'post',
  path: '/account/send-verification',
  tags: ['account'],
  summary: 'Send the verification e-mail again',
  responses: { 200: jsonContent(okBody), ...errorResponses(401, 429, 500) },
});

export const forgotPasswordRoute = createRoute({
  method: 'post',
  path: '/account/forgot-password',
  tags: ['account'],
  summary: 'Mail a password reset link (answers the same whether or not the account exists)',
  request: { body: jsonBody(emailOnlySchema) },
  responses: { 200: jsonContent(okBody), ...errorResponses(400, 429) },
});

export const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/account/reset-password',
  tags: ['account'],
  summary: 'Set a new password with a reset token',
  request: { body: jsonBody(resetPasswordSchema) },
  responses: { 200: jsonContent(okBody), ...errorResponses(400, 429) },
});

export const verifyWithPasswordRoute = createRoute({
  method: 'post',
  path: '/account/verify-email',
  tags: ['account'],
  summary:
    'Finish a verification link opened in another browser: the account’s password proves it is yours; every other session ends',
  request: { body: jsonBody(verifyWithPasswordSchema) },
  responses: { 200: jsonContent(userBody), ...errorResponses(400, 401, 409, 429) },
});
