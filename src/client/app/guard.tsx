import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SHELL_LIMITS } from '@/shared/limits-shell';
import { type Access, decide, type Viewer } from '@/shared/rules/access';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';

// Only unverified users ever see these, so they load on demand (the layout's Suspense covers them).
const verification = () => import('../features/account/verification-block');
const VerificationBlock = lazy(() => verification().then((m) => ({ default: m.VerificationBlock })));
const VerificationSuccess = lazy(() => verification().then((m) => ({ default: m.VerificationSuccess })));
// Only admin screens show it; it loads with them, not with every visitor's first page.
const StaffSecondFactorNotice = lazy(() =>
  import('../components/staff-second-factor').then((m) => ({ default: m.StaffSecondFactorNotice })),
);

/**
 * Lets a page render only when the shared access rules allow it (spec §2, §6).
 * Redirects replace the history entry; an unverified user sees the verification
 * block in place of the page, and once verified the success message shows for
 * 3 seconds before the page (spec §4 E-mail verification).
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { viewer } = useSession();
  const decision = decide(access, viewer);
  const [blocked, setBlocked] = useState(false);
  const [celebrating, setCelebrating] = useState(false);

  // Derived from the previous render's decision, during render, so the page never flashes.
  if (decision.kind === 'verify' && !blocked) setBlocked(true);
  if (decision.kind !== 'verify' && blocked) {
    setBlocked(false);
    if (decision.kind === 'allow') setCelebrating(true);
  }

  useEffect(() => {
    if (!celebrating) return;
    const t = window.setTimeout(() => setCelebrating(false), SHELL_LIMITS.verificationSuccessMs);
    return () => window.clearTimeout(t);
  }, [celebrating]);

  if (decision.kind === 'redirect') return <Redirect to={decision.to} access={access} viewer={viewer} />;
  if (decision.kind === 'verify') return <VerificationBlock />;
  if (celebrating) return <VerificationSuccess />;
  if (access === 'admin' || access === 'reviewer') {
    return (
      <>
        <Suspense fallback={null}>
          <StaffSecondFactorNotice />
        </Suspense>
        {children}
      </>
    );
  }
  return children;
}

/**
 * A redirect that says why, once, where the user lands (issue 20: no silent redirects). A
 * chain (an admin page → /application → /dashboard) says only the first reason.
 */
function Redirect({ to, access, viewer }: { to: string; access: Access; viewer: Viewer }) {
  const { pathname, search, state } = useLocation();
  const earlier = (state as { redirected?: boolean } | null)?.redirected;
  // Sent to log in: the page asked for rides along, and logging in returns there. Signed in
  // on /login (just now): that page, else the dashboard.
  const from = to === '/login' ? pathname + search : undefined;
  if (access === 'guestOnly') to = returnPath(state, search) ?? to;
  useEffect(() => {
    if (earlier) return;
    // The sentences load on demand, out of the first route's bundle.
    void import('@/shared/rules/redirect-reason').then(({ redirectReason }) => {
      const reason = redirectReason(access, viewer);
      if (reason) toast.info(reason);
    });
  }, [earlier, access, viewer]);
  return <Navigate to={to} replace state={{ redirected: true, from }} />;
}

/** A control character (browsers drop some inside URLs: `/\t/x` is `//x`) or a backslash. */
const unsafeInPath = (ch: string) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === '\\';

/**
 * Where logging in returns to: the page that sent the user to log in (the guard's state), or the
 * one a link names (`/login?next=/bounties`, which survives a click before the app takes over a
 * served page), if it is a path of ours: one slash, no control characters or backslashes.
 */
export function returnPath(state: unknown, search = ''): string | undefined {
  const from = (state as { from?: unknown } | null)?.from ?? new URLSearchParams(search).get('next');
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) && ![...from].some(unsafeInPath)
    ? from
    : undefined;
}
