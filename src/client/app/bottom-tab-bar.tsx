import { cn } from '../lib/cn';
import { ActiveMark, NavItemLink } from './nav-item-link';
import { TAB_NAV } from './nav-items';

/** Fixed bottom navigation under 768px for signed-in users (spec §2 Navigation); hidden while the ☰ menu is open. */
export function BottomTabBar() {
  return (
    <nav
      aria-label="Tab bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-ink/90 pb-safe backdrop-blur-xl backdrop-saturate-150 md:hidden [[data-menu-open]_&]:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5">
        {TAB_NAV.map((item) => (
          <li key={item.to}>
            <NavItemLink
              item={item}
              warmOn="press"
              className={(active) =>
                cn(
                  'relative flex min-h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors',
                  active ? 'text-fg' : 'text-subtle hover:text-fg-soft',
                )
              }
            >
              {(active) => (
                <>
                  <ActiveMark active={active} className="absolute inset-x-5 top-0" />
                  <item.icon className={cn('size-5', active && 'text-accent-from')} aria-hidden="true" />
                  {item.label}
                </>
              )}
            </NavItemLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
