import { NavLink } from 'react-router';
import { cn } from '../lib/cn';
import { TAB_NAV } from './nav-items';
import { preloadPath } from './pages';

/** Fixed bottom navigation under 768px for signed-in users (spec §2 Navigation). */
export function BottomTabBar() {
  return (
    <nav
      aria-label="Tab bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-ink/90 pb-safe backdrop-blur-xl backdrop-saturate-150 md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5">
        {TAB_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onFocus={() => preloadPath(item.to)}
              onPointerDown={() => preloadPath(item.to)}
              className={({ isActive }) =>
                cn(
                  'relative flex min-h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors',
                  isActive ? 'text-fg' : 'text-subtle hover:text-fg-soft',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'absolute inset-x-5 top-0 h-0.5 rounded-full bg-accent-gradient transition-opacity',
                      isActive ? 'opacity-100' : 'opacity-0',
                    )}
                    aria-hidden="true"
                  />
                  <item.icon className={cn('size-5', isActive && 'text-accent-from')} aria-hidden="true" />
                  {item.label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
