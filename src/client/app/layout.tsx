import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { NAV_MSG } from '@/shared/messages-shell';
import { TAB_BAR_ROUTES } from '@/shared/rules/access';
import { Loading } from '../components/loading';
import { Logo } from '../components/logo';
import { Skeleton, SkeletonBars } from '../components/ui/skeleton';
import { cn } from '../lib/cn';
import { rememberedScroll, rememberScroll, restoreScroll } from '../lib/scroll-memory';
import { useSession } from '../lib/session';
import { BottomTabBar } from './bottom-tab-bar';
import { RouteAnnouncer } from './route-announcer';
import { RouteErrorBoundary } from './route-error';
import { TopBar } from './top-bar';

function onTabBarRoute(pathname: string): boolean {
  return TAB_BAR_ROUTES.some((r) => pathname === r || pathname.startsWith(`${r}/`));
}

/**
 * Spec §2: scroll resets to the top on each route change, except Back and Forward,
 * which return to where that page was scrolled (issue 16: a long list keeps its
 * place). The first change also ends the static first paint's mode
 * (data-first-paint on <html>, set by the served page): from then on pages play
 * their entrance animations again.
 */
function ScrollToTop() {
  const { pathname, key } = useLocation();
  const navigation = useNavigationType();
  const first = useRef(true);
  const entry = useRef(key);
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => rememberScroll(entry.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useLayoutEffect(() => {
    entry.current = key;
    if (first.current) {
      first.current = false;
      return;
    }
    delete document.documentElement.dataset.firstPaint;
    const y = navigation === 'POP' ? rememberedScroll(key) : undefined;
    if (y) return restoreScroll(y);
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

/** What the page area shows while a page's chunk downloads. */
export function PageSkeleton() {
  return (
    <Loading label="Loading page" className="container-content py-10">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-9 w-full max-w-72" />
      <Skeleton className="mt-3 h-5 w-[32rem] max-w-full" />
      <SkeletonBars
        className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        bars={['h-40 rounded-2xl', 'h-40 rounded-2xl', 'h-40 rounded-2xl']}
      />
    </Loading>
  );
}

function Footer() {
  return (
    <footer className="border-t border-line/70">
      <div className="container-content flex flex-col gap-4 py-8 text-sm text-subtle sm:flex-row sm:items-center sm:justify-between">
        <Logo className="opacity-80" />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link to="/docs" className="inline-flex min-h-11 items-center hover:text-fg">
            {NAV_MSG.docs}
          </Link>
          <Link to="/docs#how-to-contribute" className="inline-flex min-h-11 items-center hover:text-fg">
            How to contribute
          </Link>
          <span className="tabular-nums">© {new Date().getFullYear()} Sysfi Labs</span>
        </div>
      </div>
    </footer>
  );
}

/** The shell around every page: skip link, top bar, page, footer, tab bar. */
export function AppLayout() {
  const { user, pending } = useSession();
  const { pathname } = useLocation();
  // The static first paint of a signed-in route draws the tab bar the user will have. An
  // unverified user has none: every tab would lead back to the verification block.
  const tabBar = (user ? user.emailVerified : !!pending) && onTabBarRoute(pathname);
  return (
    <div
      className={cn(
        'flex min-h-dvh flex-col',
        tabBar && 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0',
      )}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-surface-2 focus:px-4 focus:py-3 focus:text-sm focus:text-fg"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <RouteAnnouncer />
      <TopBar />
      {/* At least a screen tall: the footer starts below the fold, so a page whose data
          arrives after its first paint never pushes a visible footer down (layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      {tabBar ? <BottomTabBar /> : null}
    </div>
  );
}
