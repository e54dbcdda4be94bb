import {
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
import { MSG } from '../../shared/messages';

export type NavItem = { to: string; label: string; icon: LucideIcon; protected: boolean };

/** Top bar links in the order of spec §2 Navigation. */
export const TOP_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: MSG.nav.dashboard, icon: LayoutDashboard, protected: true },
  { to: '/projects', label: MSG.nav.projects, icon: Rocket, protected: true },
  { to: '/bounties', label: MSG.nav.bounties, icon: Trophy, protected: true },
  { to: '/grants', label: MSG.nav.grants, icon: HandCoins, protected: true },
  { to: '/contribution-hub', label: MSG.nav.hub, icon: Zap, protected: true },
  { to: '/resources', label: MSG.nav.resources, icon: Library, protected: true },
  { to: '/profile', label: MSG.nav.profile, icon: UserRound, protected: true },
  { to: '/docs', label: MSG.nav.docs, icon: BookOpen, protected: false },
];

export const APPLICATION_NAV: NavItem = {
  to: '/application',
  label: MSG.nav.application,
  icon: ClipboardList,
  protected: true,
};

/** Bottom tab bar under 768px (spec §2 Navigation). */
export const TAB_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: MSG.nav.dashboard, icon: LayoutDashboard, protected: true },
  { to: '/projects', label: MSG.nav.projects, icon: Rocket, protected: true },
  { to: '/contribution-hub', label: MSG.nav.hub, icon: Zap, protected: true },
  { to: '/bounties', label: MSG.nav.bounties, icon: Trophy, protected: true },
  { to: '/profile', label: MSG.nav.profile, icon: UserRound, protected: true },
];
