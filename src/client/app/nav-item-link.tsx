import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../lib/cn';
import type { NavItem } from './nav-items';
import { preloadPath } from './pages';

/**
 * A bar's link to a page. The page's code starts to load when the link takes focus, or
 * as the pointer comes to it (`warmOn`: on hover in the top bar, on press in the touch
 * tab bar); its classes and content know whether it is the current page.
 */
export function NavItemLink({
  item,
  warmOn,
  className,
  children,
}: {
  item: NavItem;
  warmOn: 'hover' | 'press';
  className: (active: boolean) => string;
  children: (active: boolean) => ReactNode;
}) {
  const warm = () => preloadPath(item.to);
  return (
    <NavLink
      to={item.to}
      onFocus={warm}
      {...(warmOn === 'hover' ? { onPointerEnter: warm } : { onPointerDown: warm })}
      className={({ isActive }) => className(isActive)}
    >
      {({ isActive }) => children(isActive)}
    </NavLink>
  );
}

/** The gradient bar under (or over) the current page's link; `className` places it. */
export function ActiveMark({ active, className }: { active: boolean; className: string }) {
  return (
    <span
      className={cn(
        'h-0.5 rounded-full bg-accent-gradient transition-opacity',
        className,
        active ? 'opacity-100' : 'opacity-0',
      )}
      aria-hidden="true"
    />
  );
}
