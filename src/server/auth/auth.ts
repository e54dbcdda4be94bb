/**
 * better-auth, configured for the spec: e-mail + password with a 6-character
 * minimum, sessions for unverified users too (they must see the block screen;
 * every protected API call checks emailVerified itself), verification and reset
 * mail through our outbox, and its rate limiter kept in the database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import type { DbHandle } from '@/db/client';
import { schema } from '@/db/schema';
import { displayNameKey } from '@/server/lib/display-name';
import { LIMITS } from '@/shared/limits';
import { ROLES } from '@/shared/lists';
import { canonicalTimeZone } from '@/shared/rules/time-zone';
import { DEFAULT_TIME_ZONE } from '@/shared/rules/user-zone';
import { squish } from '@/shared/text';
import type { Env } from '../env';
import { isDisabled } from '../features/users/moderation';
import { applyReferralReward, payReferralsOwedTo } from '../features/xp/ledger';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import {
  disabledAccountResetMail,
  resetPasswordMail,
  unconfirmedSignUpMail,
  verificationMail,
} from '../mail/templates';

/**
 * The errors better-auth met while answering one call (callAuth runs each call inside):
 * it answers a failed database write with a bare 500, and this keeps the cause, so an
 * unreachable or full database becomes our 503 instead of "something went wrong".
 */
export const authFailures = new AsyncLocalStorage<unknown[]>();

/** Set by our server from the socket (or a trusted proxy); any incoming copy is dropped. */
export const CLIENT_IP_HEADER = 'x-sysfi-client-ip';

export type RateLimitRules = Record<string, { window: number; max: number }>;

export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 10 },
  '/send-verification-email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 5 },
  '/reset-password': { window: 60, max: 10 },
  // Second-factor codes (issue 21): the 11th attempt in a minute from one IP is refused,
  // right or wrong, until the minute is over. The account lockout below adds a limit per
  // account whatever the IP.
  '/two-factor/verify-totp': { window: 60, max: 10 },
  '/two-factor/verify-backup-code': { window: 60, max: 10 },
  '/two-factor/enable': { window: 60, max: 10 },
  '/two-factor/disable': { window: 60, max: 10 },
};

/** TOTP as every authenticator app does it: 6 digits, 30 s, the previous and next step accepted. */
export const TOTP = { digits: 6, period: 30, window: 1 } as const;

export function createAuth(deps: {
  env: Env;
  handle: DbHandle;
  mailer: Mailer;
  log: Logger;
  rateLimits?: RateLimitRules | false;
  /** The app's clock (the referral mail's unsubscribe link is dated by it). */
  now?: () => Date;
  /**
   * Called after points changed here (the referral bonus, with the referrer paid), so caches
   * such as the top 50 refresh and the referrer's open pages hear of their inbox row.
   */
  onPointsChanged?: (userId: string) => void;
}) {
  const { env, handle, mailer } = deps;
  const db = handle.db;
  const referralMailDeps = { mailer, env, now: deps.now ?? (() => new Date()) };
  return betterAuth({
    appName: 'Sysfi Labs',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      requireEmailVerification: false,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        // An unconfirmed sign-up gets no reset link: the mailbox's owner signs up over it instead.
        if (!user.emailVerified) {
          await mailer.send(user.email, unconfirmedSignUpMail(new URL('/signup', env.APP_URL).toString()));
          return;
        }
        // A disabled account gets no reset link either (POST /api/account/reset-password refuses
        // a link sent before the account was disabled).
        if (await isDisabled(db, user.id)) {
          await mailer.send(user.email, disabledAccountResetMail(user.name));
          return;
        }
        await mailer.send(user.email, resetPasswordMail(user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: LIMITS.verificationLinkMs / 1000,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(user.email, verificationMail(user.name, url));
      },
      afterEmailVerification: async (user) => {
        // The row can be gone between better-auth's update and here (replaced by a sign-up).
        if (!user) return;
        const referrer = await db.transaction((tx) => applyReferralReward(tx, user.id, referralMailDeps));
        if (referrer) deps.onPointsChanged?.(referrer);
        // Bonuses this user was owed as a referrer while unverified are paid now. The address is
        // verified whatever happens here: a failure leaves them owed, and the next boot pays them.
        try {
          if (await payReferralsOwedTo(db, user.id, referralMailDeps)) deps.onPointsChanged?.(user.id);
        } catch (err) {
          deps.log.error({ err, userId: user.id }, 'referral bonuses owed: left for the next boot');
        }
      },
    },
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: true, defaultValue: 'builder' },
        status: { type: 'string', required: false, input: false, defaultValue: 'pending' },
        referredBy: { type: 'string', required: false, input: true },
        pointBalance: { type: 'number', required: false, input: false, defaultValue: 0 },
        referralCount: { type: 'number', required: false, input: false, defaultValue: 0 },
        referralRewarded: { type: 'boolean', required: false, input: false, defaultValue: false },
        timeZone: { type: 'string', required: false, input: true, defaultValue: DEFAULT_TIME_ZONE },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The last word on what a new user may be, whoever calls better-auth.
          before: async (u) => {
            const role = (ROLES as readonly string[]).includes(String(u.role)) ? String(u.role) : 'builder';
            const name = squish(String(u.name ?? ''));
            return {
              data: {
                ...u,
                name,
                username: displayNameKey(name),
                role,
                status: 'pending',
                pointBalance: 0,
                referralCount: 0,
                referralRewarded: false,
                referredBy: typeof u.referredBy === 'string' && u.referredBy ? u.referredBy : null,
                // The browser's zone at sign-up; anything unusable means UTC (changeable in the profile).
                timeZone: canonicalTimeZone(u.timeZone) ?? DEFAULT_TIME_ZONE,
              },
            };
          },
        },
      },
    },
    rateLimit:
      deps.rateLimits === false
        ? { enabled: false }
        : {
            enabled: true,
            storage: 'database',
            modelName: 'rateLimit',
            window: 60,
            max: 200,
            customRules: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
          },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
      // Written by our session middleware (devices list), read back with the session.
      additionalFields: { lastSeenAt: { type: 'date', required: false, input: false } },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.APP_URL.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID().replace(/-/g, '').slice(0, 24) },
    },
    logger: {
      log: (level, message, ...args) => {
        deps.log[level === 'error' || level === 'warn' ? level : 'debug']({ args }, `auth: ${message}`);
      },
    },
    onAPIError: {
      onError: (err) => {
        authFailures.getStore()?.push(err);
        const status = (err as { statusCode?: number })?.statusCode;
        if (status === undefined || status >= 500) deps.log.error({ err }, 'auth: internal error');
      },
    },
    telemetry: { enabled: false },
    plugins: [
      // better-auth's own second factor (issue 21): TOTP with backup codes, both stored
      // encrypted. Reached only through /api/account/two-factor/* (second-factor.ts), which
      // adds what the plugin lacks: a used code is refused inside its window.
      twoFactor({
        issuer: 'Sysfi Labs',
        totpOptions: { digits: TOTP.digits, period: TOTP.period },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        // 10 wrong codes in a row (any IP, any sign-in attempt) lock the second factor for 15 minutes.
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
