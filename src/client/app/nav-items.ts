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

export type NavItem = { to: string; label: string; icon: LucideIcon; protected: boolean };

/** Top bar links in the order of spec §2 Navigation. */
export const TOP_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, protected: true },
  { to: '/projects', label: 'Projects', icon: Rocket, protected: true },
  { to: '/bounties', label: 'Bounties', icon: Trophy, protected: true },
  { to: '/grants', label: 'Grants', icon: HandCoins, protected: true },
  { to: '/contribution-hub', label: 'Hub', icon: Zap, protected: true },
  { to: '/resources', label: 'Resources', icon: Library, protected: true },
  { to: '/profile', label: 'Profile', icon: UserRound, protected: true },
  { to: '/docs', label: 'Docs', icon: BookOpen, protected: false },
];

export const APPLICATION_NAV: NavItem = {
  to: '/application',
  label: 'Application',
  icon: ClipboardList,
  protected: true,
};

/** Bottom tab bar under 768px (spec §2 Navigation). */
export const TAB_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, protected: true },
  { to: '/projects', label: 'Projects', icon: Rocket, protected: true },
  { to: '/contribution-hub', label: 'Hub', icon: Zap, protected: true },
  { to: '/bounties', label: 'Bounties', icon: Trophy, protected: true },
  { to: '/profile', label: 'Profile', icon: UserRound, protected: true },
];
