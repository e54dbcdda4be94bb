import {
  ClipboardCheck,
  ClipboardList,
  FilePlus2,
  HandCoins,
  Library,
  Rocket,
  ShieldCheck,
  Trophy,
  Zap,
} from 'lucide-react';
import { LIMITS } from '../../../shared/limits';
import { isApplicantRole } from '../../../shared/rules/access';
import { useSession } from '../../lib/session';
import { ComingSoonPage } from './coming-soon-page';

/*
 * Pages whose features arrive in later issues. Each one is routed, guarded and
 * drawn in the shell today, so navigation and access rules can be tried end to end.
 */

export function ProjectsPage() {
  return (
    <ComingSoonPage
      eyebrow="Discovery zone"
      title="Projects"
      description="Discover the projects being launched in the ecosystem by approved startups."
      icon={<Rocket />}
      emptyTitle="Project listings are on their way"
      emptyBody="Soon you'll browse active and archived projects with their banners, links and tags, and approved startups will publish their own."
      action={{ to: '/docs#discovery', label: 'About the discovery zone' }}
    />
  );
}

export function BountiesPage() {
  return (
    <ComingSoonPage
      eyebrow="Earn"
      title="Bounties"
      description="Tasks with a reward and a deadline, open to every contributor."
      icon={<Trophy />}
      emptyTitle="Bounties open soon"
      emptyBody="Active bounties will appear here with their rewards and days remaining, so you can apply before they expire."
      action={{ to: '/docs#bounties', label: 'How bounties work' }}
    />
  );
}

export function GrantsPage() {
  return (
    <ComingSoonPage
      eyebrow="Funding"
      title="Grants"
      description="Apply for funding with a proposal and follow its status."
      icon={<HandCoins />}
      emptyTitle="Grant applications open soon"
      emptyBody="You'll explore grants, apply with a proposal and track your applications here. Grants are reviewed quarterly."
      action={{ to: '/docs#grants', label: 'About grants' }}
    />
  );
}

export function ResourcesPage() {
  return (
    <ComingSoonPage
      eyebrow="Library"
      title="Resources"
      description="Guides, tools and documents for builders and contributors."
      icon={<Library />}
      emptyTitle="The resource library is being stocked"
      emptyBody="Searchable resources, grouped by category, will be available here."
      action={{ to: '/docs', label: 'Read the docs' }}
    />
  );
}

export function ContributionHubPage() {
  return (
    <ComingSoonPage
      eyebrow="Hub"
      title="Contribution Hub"
      description={`Share the ecosystem on X and earn XP, up to ${LIMITS.contributionsPerDay} contributions a day.`}
      icon={<Zap />}
      emptyTitle="Contributions open soon"
      emptyBody="You'll submit tweet links here, see your approved, rejected and total counts, and follow each review."
      action={{ to: '/docs#how-to-contribute', label: 'How to contribute' }}
    />
  );
}

export function ApplicationHubPage() {
  const { user } = useSession();
  const admin = !!user?.isAdmin;
  const startup = user?.role === 'startup';
  const links = admin
    ? [
        {
          to: '/admin/project-approvals',
          label: 'Project approvals',
          hint: 'Review startup project applications',
        },
        { to: '/admin/bounty-approvals', label: 'Bounty approvals', hint: 'Review bounty requests' },
        {
          to: '/admin/contribution-hub',
          label: 'Contribution review',
          hint: 'Reward or reject contributions',
        },
      ]
    : [
        ...(startup
          ? [{ to: '/application/project-application', label: 'Project application', hint: 'Startups only' }]
          : []),
        ...(user && isApplicantRole(user.role)
          ? [
              {
                to: '/application/bounty-application',
                label: 'Bounty request',
                hint: 'Ask for a bounty to be listed',
              },
            ]
          : []),
      ];
  return (
    <ComingSoonPage
      eyebrow="Applications"
      title="Application hub"
      description={
        admin
          ? 'Review what startups and projects submit.'
          : 'Apply to launch your project or request a bounty for your community.'
      }
      icon={<ClipboardList />}
      emptyTitle="Applications open soon"
      emptyBody="The forms below will accept submissions in an upcoming release."
      links={links}
    />
  );
}

export function ProjectApplicationPage() {
  return (
    <ComingSoonPage
      eyebrow="Applications"
      title="Project application"
      description="Tell us about your project: website, GitHub, whitepaper, team, genre, phase and goals."
      icon={<FilePlus2 />}
      emptyTitle="The project application form is coming soon"
      emptyBody="Once your application is approved, your startup can create projects in the discovery zone."
      action={{ to: '/application', label: 'Back to applications' }}
    />
  );
}

export function BountyApplicationPage() {
  return (
    <ComingSoonPage
      eyebrow="Applications"
      title="Bounty request"
      description="Ask for a bounty to be listed for the community: title, reward, deadline, criteria and images."
      icon={<ClipboardCheck />}
      emptyTitle="The bounty request form is coming soon"
      emptyBody="Requests are reviewed by the admin before the bounty goes live."
      action={{ to: '/application', label: 'Back to applications' }}
    />
  );
}

function AdminPage({ title, body }: { title: string; body: string }) {
  return (
    <ComingSoonPage
      eyebrow="Admin"
      title={title}
      description={body}
      icon={<ShieldCheck />}
      emptyTitle="Nothing to review yet"
      emptyBody="The review queue will be listed here in an upcoming release."
      action={{ to: '/application', label: 'Back to applications' }}
    />
  );
}

export function AdminProjectApprovalsPage() {
  return <AdminPage title="Project approvals" body="Approve or reject pending project applications." />;
}

export function AdminBountyApprovalsPage() {
  return (
    <AdminPage title="Bounty approvals" body="Approve, reject or reset bounty requests, newest first." />
  );
}

export function AdminContributionHubPage() {
  return <AdminPage title="Contribution review" body="Reward or reject pending contributions." />;
}
