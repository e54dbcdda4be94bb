import {
  BadgeCheck,
  CalendarRange,
  ChartLine,
  ClipboardCheck,
  HandCoins,
  Library,
  type LucideIcon,
  Mail,
  ScrollText,
  Users,
  Zap,
} from 'lucide-react';
import type { AdminQueue } from '@/shared/schemas/admin';

export type AdminLink = { to: string; label: string; description: string; icon: LucideIcon };

/** The review queues of the admin home, in the order GET /admin/queues lists them. */
export const QUEUE_LINKS: Record<AdminQueue, AdminLink> = {
  projectApplications: {
    to: '/admin/project-approvals',
    label: 'Project applications',
    description: 'Startups asking to be approved for the launchpad.',
    icon: ClipboardCheck,
  },
  bountyRequests: {
    to: '/admin/bounty-approvals',
    label: 'Bounty requests',
    description: 'Bounties waiting to go live on the board.',
    icon: BadgeCheck,
  },
  contributions: {
    to: '/admin/contribution-hub',
    label: 'Contributions',
    description: 'Tweets, links and files waiting for XP or a reason.',
    icon: Zap,
  },
  grants: {
    to: '/admin/grants',
    label: 'Grants',
    description: 'Grant applications waiting for a decision.',
    icon: HandCoins,
  },
  resources: {
    to: '/admin/resources',
    label: 'Resources',
    description: 'The library everyone reads: add, edit or remove entries.',
    icon: Library,
  },
};

/** The admin home's other sections, each a list of links; a section with no links is not drawn. */
export const ADMIN_SECTIONS: { title: string; links: AdminLink[] }[] = [
  {
    title: 'People',
    links: [
      {
        to: '/admin/users',
        label: 'Users',
        description: 'Find a member; disable, change a role, correct XP, make a reviewer.',
        icon: Users,
      },
      {
        to: '/admin/audit',
        label: 'Audit log',
        description: 'Every action by the admin and the reviewers, kept for good.',
        icon: ScrollText,
      },
    ],
  },
  {
    title: 'Community',
    links: [
      {
        to: '/admin/seasons',
        label: 'Seasons',
        description: 'Leaderboard seasons: define the next one, see past results.',
        icon: CalendarRange,
      },
      {
        to: '/admin/insights',
        label: 'Insights',
        description: 'Sign-ups, contributions, review times, funnels and abuse signals.',
        icon: ChartLine,
      },
    ],
  },
  {
    title: 'Operations',
    links: [
      {
        to: '/admin/mail',
        label: 'Mail',
        description: 'E-mails that failed, and retrying them.',
        icon: Mail,
      },
    ],
  },
];
