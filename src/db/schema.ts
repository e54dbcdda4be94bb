/**
 * The one database schema (pg-core), used by PGlite and PostgreSQL alike, one file
 * per feature in tables/ and gathered here: drizzle-kit reads this file, the app
 * imports `@/db/schema`. better-auth reads `user`, `session`, `account`,
 * `verification` and `rateLimit` through its Drizzle adapter, so those keep its
 * camelCase property names.
 */
import { auditLog } from './tables/audit';
import { account, rateLimit, session, twoFactor, user, verification } from './tables/auth';
import { bounties, bountyApplicants, bountyApplications } from './tables/bounties';
import { contributions } from './tables/contributions';
import { grants } from './tables/grants';
import { projectApplications, projects } from './tables/launchpad';
import { listVersions } from './tables/lists';
import { adminDigests, mailOutbox } from './tables/mail';
import { notifications } from './tables/notifications';
import { resources } from './tables/resources';
import { adminDecisions } from './tables/review';
import { pointEvents, scoreBands, scoreBuckets } from './tables/xp';

export * from './tables/audit';
export * from './tables/auth';
export * from './tables/bounties';
export * from './tables/contributions';
export * from './tables/grants';
export * from './tables/launchpad';
export * from './tables/lists';
export * from './tables/mail';
export * from './tables/notifications';
export * from './tables/resources';
export * from './tables/review';
export * from './tables/xp';

export const schema = {
  user,
  session,
  account,
  verification,
  rateLimit,
  twoFactor,
  pointEvents,
  mailOutbox,
  adminDigests,
  scoreBuckets,
  scoreBands,
  projects,
  projectApplications,
  bountyApplications,
  bounties,
  bountyApplicants,
  grants,
  resources,
  contributions,
  adminDecisions,
  auditLog,
  notifications,
  listVersions,
};
export type Schema = typeof schema;
