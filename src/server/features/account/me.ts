import type { UserRow } from '@/server/context';
import { mailPreferencesOf } from '@/shared/rules/mail-preferences';
import { pendingZone, zoneAt } from '@/shared/rules/user-zone';
import type { Me } from '@/shared/schemas/account';

/** The signed-in user's own view of their record (spec §3 names). Never used for other users. */
export function toMe(u: UserRow, isAdmin: boolean, now: Date): Me {
  const pending = pendingZone(u, now);
  return {
    uid: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    displayName: u.name,
    username: u.username,
    photoURL: u.image,
    role: u.role,
    status: u.status,
    pointBalance: u.pointBalance,
    referralCount: u.referralCount,
    referredBy: u.referredBy,
    referralRewarded: u.referralRewarded,
    totalContributions: u.totalContributions,
    approvedContribution: u.approvedContribution,
    rejectedContribution: u.rejectedContribution,
    bio: u.bio,
    twitterHandle: u.twitterHandle,
    githubHandle: u.githubHandle,
    personalWebsite: u.personalWebsite,
    timeZone: zoneAt(u, now),
    pendingTimeZone: pending && { timeZone: pending.timeZone, from: pending.from.toISOString() },
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    isAdmin,
    isReviewer: u.reviewerMaxPoints != null,
    reviewerMaxPoints: u.reviewerMaxPoints,
    twoFactorEnabled: u.twoFactorEnabled,
    profileHidden: u.profileHidden,
    unreadNotifications: u.unreadNotifications,
    mailPreferences: mailPreferencesOf(u.mailOptOut),
  };
}
