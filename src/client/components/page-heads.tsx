/**
 * Every content page's title block, by route: the page draws it (PageFrame) and so
 * does the build's static first paint (app/static-shell.tsx), from this one table,
 * so the app's render puts the same words in the same place (issue 16). A page adds
 * what depends on the viewer or the data below it, never in it.
 */
import { MSG } from '@/shared/messages';
import type { AppPath } from '@/shared/rules/access';
import { GRANT_WHO } from '@/shared/rules/journey';
import type { PageHead } from './page-frame';

/** "← Applications" on a startup's or a project's forms. */
const HUB = { to: '/application', label: 'Applications' };
/** "← Admin home" on the admin's screens reached from it (/admin lists every queue and tool). */
export const ADMIN_HOME = { to: '/admin', label: 'Admin home' };

export const PAGE_HEADS = {
  '/projects': {
    eyebrow: 'Discovery zone',
    title: 'Projects',
    description: 'Discover what approved startups are launching in the ecosystem.',
  },
  '/bounties': {
    eyebrow: 'Earn',
    title: 'Bounties',
    description:
      'Tasks with a reward and a deadline, open to every contributor. Apply before the clock runs out.',
  },
  '/grants': {
    eyebrow: 'Funding',
    title: 'Grants',
    description: (
      <>
        Funding for projects building in the ecosystem. {GRANT_WHO} Pending and declined proposals are seen
        only by their applicant and the admin.
      </>
    ),
  },
  '/resources': {
    eyebrow: 'Library',
    title: 'Resources',
    description: 'Guides, tools and documents for builders and contributors.',
  },
  '/profile': {
    title: 'Your profile',
    description:
      'How other members see you. Add a photo, a bio and your links, invite friends for XP, and keep your account safe.',
  },
  '/inbox': {
    title: MSG.inbox.title,
    description: 'Reviews of your work, XP you were given and results you are part of, newest first.',
  },
  '/contribution-hub': {
    eyebrow: MSG.nav.hub,
    title: 'Contribution Hub',
    description: 'Post about Sysfi on X, submit the tweet here, and earn XP once the admin reviews it.',
  },
  '/application': {
    eyebrow: 'Applications',
    title: 'Applications',
    description: 'Apply to launch your project on Sysfi Labs, or request a bounty for your community.',
  },
  '/application/project-application': {
    back: HUB,
    eyebrow: 'Startups',
    title: MSG.projectApplication.applyTitle,
    description:
      'Tell us about your project. Once the admin approves it, your startup can create projects in the discovery zone.',
  },
  '/application/bounty-application': {
    back: HUB,
    eyebrow: 'Applications',
    title: MSG.projectApplication.bountyRequestTitle,
    description:
      'Ask for a bounty to be listed for the community: what needs doing, the reward, the deadline and the criteria that matter.',
  },
  '/admin': {
    eyebrow: 'Admin',
    title: 'Admin home',
    description: 'Every queue that waits for you, oldest first inside each.',
  },
  '/admin/project-approvals': {
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: MSG.projectApplication.approveTitle,
    description:
      'Pending applications, oldest first. Approving lets the startup create projects; rejecting starts a 24-hour wait before it can apply again.',
  },
  '/admin/bounty-approvals': {
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: MSG.projectApplication.bountyTitle,
    description:
      'Every bounty request, newest first. Approving publishes it on the board; Reset returns it to pending and takes it off the board if nobody has applied.',
  },
  '/admin/contribution-hub': {
    // The admin's; a reviewer, who has no Admin home, goes back to the Contribution Hub.
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: MSG.contribution.rewardContributors,
    description:
      'Pending contributions, oldest first. Reward adds XP to the contributor; reject tells them why; request changes sends it back once. Select several to decide them together.',
  },
  '/admin/grants': {
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: 'Review grants',
    description:
      'Approve or decline grant applications, with an optional message for the applicant. Each decision is final and e-mailed.',
  },
  '/admin/resources': {
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: 'Manage resources',
    description: 'Add, edit and remove the guides, tools and documents listed on the Resources page.',
  },
  '/admin/mail': {
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: MSG.mail.title,
    description: MSG.mail.intro,
  },
  '/admin/audit': {
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: MSG.moderation.auditTitle,
    description: MSG.moderation.auditIntro,
  },
  '/admin/insights': {
    eyebrow: 'Admin',
    title: 'Insights',
    description:
      'How the community is doing: sign-ups, contributions, review times against the 24-hour promise, XP, referrals and funnels (UTC days). Abuse signals are flags to look at, never automatic bans.',
  },
  '/admin/users': {
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: MSG.moderation.usersTitle,
    description: MSG.moderation.usersIntro,
  },
  '/admin/seasons': {
    back: ADMIN_HOME,
    eyebrow: 'Admin',
    title: 'Seasons',
    description:
      "Each season has a leaderboard of its own, summed from the XP ledger. Seasons cannot overlap; an ended season's results are final, and its top 3 and top 10 get a badge on their profiles.",
  },
} satisfies Partial<Record<AppPath, PageHead>>;
