import { LogIn, LogOut, Menu, X } from 'lucide-react';
import { lazy, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SHELL_LIMITS } from '@/shared/limits-shell';
import { NAV_MSG } from '@/shared/messages-shell';
import { showsApplicationLink } from '@/shared/rules/access';
import { LazyPart } from '../components/lazy-part';
import { Logo } from '../components/logo';
import { Button, buttonVariants } from '../components/ui/button';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import { useDisclosure } from '../lib/use-disclosure';
import { ActiveMark, NavItemLink } from './nav-item-link';
import { ADMIN_NAV, APPLICATION_NAV, INBOX_NAV, type NavItem, REVIEW_NAV, TOP_NAV } from './nav-items';
import { preloadPath } from './pages';

// Only verified members have a bell: its code and live stream load with their first page,
// behind a placeholder of its size, so a visitor's first page does not carry it.
const NotificationBell = lazy(() =>
  import('../components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);
// A signed-in member's picture: its code (and the identicon's) loads with their first page.
const Avatar = lazy(() => import('../components/avatar').then((m) => ({ default: m.Avatar })));
// On a phone the bell sits beside the menu button; from lg the menu's box dissolves into the
// bar (lg:contents) and the bell stands between the links and the member's avatar and Logout,
// not after Logout where a hurried click on one meets the other.
const BELL_PLACE = 'mr-1 lg:order-2 lg:mr-0 lg:ml-1';
// Where each stands while its code comes, and for good if the code cannot be downloaded.
const bellPlace = <span aria-hidden="true" className={cn('inline-block size-11 lg:size-9', BELL_PLACE)} />;
const avatarPlace = (
  <span aria-hidden="true" className="inline-block size-8 shrink-0 rounded-full bg-surface-3" />
);

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    // The first read waits for the next frame: right after a page mounts, scrollY would
    // force a layout of the whole new page inside this effect (25 ms on a phone-class CPU).
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [px]);
  return past;
}

/**
 * The top bar of spec §2: logo, links (protected ones only when signed in),
 * Application for applicant roles and admin, Login or Logout. Transparent at the
 * top, translucent-dark after 10px of scroll; a menu button below 1024px.
 */
export function TopBar() {
  const { user, viewer, signOut, pending } = useSession();
  const scrolled = useScrolledPast(SHELL_LIMITS.topBarScrollPx);
  const { open, setOpen, id: menuId, button: menuButton } = useDisclosure();
  const [signingOut, setSigningOut] = useState(false);
  const { pathname } = useLocation();

  // A new page closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => setOpen(false), [pathname]);

  // While the menu is open on a phone it is the whole screen below the bar: the bottom tab
  // bar hides (styled by this mark) so no page shows between the two.
  useEffect(() => {
    if (!open) return;
    document.documentElement.setAttribute('data-menu-open', '');
    return () => document.documentElement.removeAttribute('data-menu-open');
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  // The served first paint of a request with a session cookie (pending) draws the full
  // navigation, as the signed-in app will: no links popping in when the app takes over. An
  // unverified user gets the public links only: every other one shows the verification block.
  const items: NavItem[] = TOP_NAV.filter((i) => !i.protected || (user ? user.emailVerified : !!pending));
  if (showsApplicationLink(viewer)) items.push(APPLICATION_NAV);
  if (user?.emailVerified) items.push(INBOX_NAV);
  if (viewer?.isAdmin) items.push(ADMIN_NAV);
  else if (viewer?.isReviewer) items.push(REVIEW_NAV);

  const onLogout = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <header
      className={cn(
        'sticky top-0 z-40 border-b transition-[background-color,border-color,backdrop-filter] duration-200',
        open
          ? 'border-line/80 bg-ink'
          : scrolled
            ? 'border-line/80 bg-ink/80 backdrop-blur-xl backdrop-saturate-150'
            : 'border-transparent bg-transparent',
      )}
    >
      <div className="container-content flex h-16 items-center justify-between gap-4">
        <Link to="/" aria-label="Sysfi Labs home" className="-mx-1 flex items-center rounded-lg px-1 py-2">
          <Logo />
        </Link>

        <nav aria-label="Main" className="flex items-center">
          {user?.emailVerified ? (
            <LazyPart placeholder={bellPlace} failed={bellPlace}>
              <NotificationBell className={BELL_PLACE} />
            </LazyPart>
          ) : null}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            {...menuButton}
            aria-label={open ? 'Close menu' : 'Open menu'}
          >
            {open ? (
              <X className="size-5!" aria-hidden="true" />
            ) : (
              <Menu className="size-5!" aria-hidden="true" />
            )}
          </Button>

          <div
            id={menuId}
            className={cn(
              open
                ? 'fixed inset-x-0 top-16 z-10 h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain bg-ink px-4 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-2 animate-fade-in sm:px-6'
                : 'hidden',
              'lg:contents',
            )}
          >
            <ul className="grid gap-1 lg:order-1 lg:flex lg:items-center lg:gap-0.5">
              {items.map((item) => (
                <li key={item.to} className={item.menuOnly ? 'lg:hidden' : undefined}>
                  <NavItemLink
                    item={item}
                    warmOn="hover"
                    className={(active) =>
                      cn(
                        'flex min-h-11 items-center gap-3 rounded-lg px-3 text-[15px] font-medium transition-colors lg:min-h-9 lg:px-2.5 lg:text-sm xl:px-3',
                        active
                          ? 'bg-surface-2 text-fg lg:bg-transparent lg:text-fg'
                          : 'text-muted hover:bg-surface-2 hover:text-fg lg:hover:bg-transparent',
                      )
                    }
                  >
                    {(active) => (
                      <>
                        <item.icon className="size-4 text-subtle lg:hidden" aria-hidden="true" />
                        <span className="relative">
                          {item.label}
                          <ActiveMark
                            active={active}
                            className="absolute inset-x-0 -bottom-1.5 hidden lg:block"
                          />
                        </span>
                      </>
                    )}
                  </NavItemLink>
                </li>
              ))}
            </ul>

            <div className="mt-3 flex items-center gap-3 border-t border-line pt-4 lg:order-3 lg:mt-0 lg:ml-3 lg:border-0 lg:pt-0">
              {pending ? (
                // The static first paint does not know who is signed in: a placeholder of the
                // button's size (of the avatar and Logout when the server saw a valid session).
                <span
                  className={cn(
                    'invisible inline-block h-11 lg:h-9',
                    pending === 'signedIn' ? 'w-36' : 'w-24',
                  )}
                  aria-hidden="true"
                />
              ) : user ? (
                <>
                  <Link
                    to="/profile"
                    className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg lg:flex-none lg:max-xl:hidden"
                    aria-label="Your profile"
                  >
                    <LazyPart placeholder={avatarPlace} failed={avatarPlace}>
                      <Avatar seed={user.uid} photoURL={user.photoURL} size={32} />
                    </LazyPart>
                    <span className="truncate text-sm text-fg-soft lg:hidden">
                      {user.displayName || user.email}
                    </span>
                  </Link>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="h-11 lg:h-9"
                    pending={signingOut}
                    onClick={onLogout}
                  >
                    {signingOut ? null : <LogOut aria-hidden="true" />}
                    {NAV_MSG.logout}
                  </Button>
                </>
              ) : (
                <>
                  <Link
                    to="/login"
                    onPointerEnter={() => preloadPath('/login')}
                    className={cn(
                      buttonVariants({ variant: 'secondary', size: 'sm' }),
                      'h-11 flex-1 lg:h-9 lg:flex-none',
                    )}
                  >
                    <LogIn aria-hidden="true" />
                    {NAV_MSG.login}
                  </Link>
                  <Link
                    to="/signup"
                    onPointerEnter={() => preloadPath('/signup')}
                    className={cn(buttonVariants({ size: 'sm' }), 'h-11 flex-1 lg:h-9 lg:flex-none')}
                  >
                    {NAV_MSG.signup}
                  </Link>
                </>
              )}
            </div>
          </div>
        </nav>
      </div>
    </header>
  );
}
