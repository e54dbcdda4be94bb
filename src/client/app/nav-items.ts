import {
  Bell,
  BookOpen,
  ClipboardList,
  HandCoins,
  LayoutDashboard,
  Library,
  type LucideIcon,
  Rocket,
  Trophy,
  UserRound,
  Zap,
} from 'lucide-react';
import { NAV_MSG } from '@/shared/messages-shell';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  protected: boolean;
  /** Only in the narrow screens' menu (the wide top bar has the bell). */
  menuOnly?: boolean;
};

/** Every page the bars link to, each said once, in the top bar's order (spec §2 Navigation). */
const PAGE = {
  dashboard: { to: '/dashboard', label: NAV_MSG.dashboard, icon: LayoutDashboard, protected: true },
  projects: { to: '/projects', label: NAV_MSG.projects, icon: Rocket, protected: true },
  bounties: { to: '/bounties', label: NAV_MSG.bounties, icon: Trophy, protected: true },
  grants: { to: '/grants', label: NAV_MSG.grants, icon: HandCoins, protected: true },
  hub: { to: '/contribution-hub', label: NAV_MSG.hub, icon: Zap, protected: true },
  resources: { to: '/resources', label: NAV_MSG.resources, icon: Library, protected: true },
  profile: { to: '/profile', label: NAV_MSG.profile, icon: UserRound, protected: true },
  docs: { to: '/docs', label: NAV_MSG.docs, icon: BookOpen, protected: false },
} satisfies Record<string, NavItem>;

/** Top bar links in the order of spec §2 Navigation. */
export const TOP_NAV: readonly NavItem[] = Object.values(PAGE);

/** The inbox (issue 19): the bell in the top bar, and this entry in the narrow screens' menu. */
export const INBOX_NAV: NavItem = {
  to: '/inbox',
  label: NAV_MSG.inbox,
  icon: Bell,
  protected: true,
  menuOnly: true,
};

export const APPLICATION_NAV: NavItem = {
  to: '/application',
  label: NAV_MSG.application,
  icon: ClipboardList,
  protected: true,
};

/** The admin's home (issue 20): every queue in one place. Shown to the admin only. */
export const ADMIN_NAV: NavItem = { to: '/admin', label: 'Admin', icon: ClipboardList, protected: true };

/** A reviewer's way to the review queue (issue 18), where the admin has the Admin link. */
export const REVIEW_NAV: NavItem = {
  to: '/admin/contribution-hub',
  label: 'Review',
  icon: ClipboardList,
  protected: true,
};

/** Bottom tab bar under 768px (spec §2 Navigation). */
export const TAB_NAV: readonly NavItem[] = [
  PAGE.dashboard,
  PAGE.projects,
  PAGE.hub,
  PAGE.bounties,
  PAGE.profile,
];
