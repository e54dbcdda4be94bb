/**
 * The one rule of whose name links to a public profile (issue 19): the same users
 * findPublicUser finds, i.e. verified, not disabled and not hidden by their owner. Every
 * list that shows a name (leaderboards, bounty podiums, "Posted by") reads this, so a name
 * never links to a 404.
 */
import { type SQL, sql } from 'drizzle-orm';
import { user } from '@/db/schema';

/** True for a row of "user" (unaliased) whose public profile answers. */
export function profileShown(): SQL<boolean> {
  return sql<boolean>`(${user.emailVerified} and not ${user.profileHidden} and ${user.disabledAt} is null)`.mapWith(
    Boolean,
  );
}
