import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { client, ok } from '@/client/lib/api';
import { ACCESS_MSG } from '@/shared/messages-shell';
import type { Me } from '@/shared/schemas/account';
import { BrandLoader } from '../components/brand-loader';
import { bumpCacheEpoch } from '../lib/cache-epoch';
import { ME_QUERY_KEY, meQueryOptions, type Session, SessionContext, takeSessionEnded } from '../lib/session';
import {
  BROWSER_DB_NAME,
  clearLocalExcept,
  clearSessionPrefix,
  DRAFT_PREFIX,
  deleteDatabase,
  REFERRER_KEY,
} from '../lib/storage';
import { toast } from '../lib/toast';

/**
 * Holds who is signed in (GET /api/session). Spec §4: nothing renders until the first
 * auth check completes, so children mount only once the answer is in; null means
 * signed out, and so does a failed check (the profile is then empty).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useQuery(meQueryOptions);
  /** Set while a sign-out waits for the home page to be on screen. */
  const pendingSignOut = useRef<(() => void) | null>(null);

  const refresh = useCallback(async (): Promise<Me | null> => {
    try {
      return await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    } catch {
      return queryClient.getQueryData(ME_QUERY_KEY) ?? null;
    }
  }, [queryClient]);

  /** Forgets the user in this browser: cached queries, local storage (but the referrer) and SysfiDB. */
  const forget = useCallback(async () => {
    // Drop every cached query, then record "signed out" without a refetch, so the
    // boot loader does not flash.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData(ME_QUERY_KEY, null);
    clearLocalExcept([REFERRER_KEY]);
    clearSessionPrefix(DRAFT_PREFIX); // the member's form drafts
    // Late answers must not refill the cache, even before the IndexedDB code has loaded.
    bumpCacheEpoch();
    try {
      const { clearSysfiDB } = await import('../lib/sysfi-db');
      await clearSysfiDB();
    } catch {
      await deleteDatabase(BROWSER_DB_NAME);
    }
  }, [queryClient]);

  // Navigation commits asynchronously (and may wait for the home chunk). Clearing
  // the user before it lands would make the current page's guard send us to /login.
  useEffect(() => {
    if (pathname === '/' && pendingSignOut.current) {
      const done = pendingSignOut.current;
      pendingSignOut.current = null;
      done();
    }
  }, [pathname]);

  // Signed in, then signed out without this browser asking: say so where the guard lands
  // (issue: verified on a phone, the laptop's tab went to /login without a word).
  const signingOut = useRef(false);
  const lastUid = useRef<string | null>(null);
  const uid = me.data?.uid ?? null;
  const answeredAt = me.dataUpdatedAt;
  useEffect(() => {
    // Read on every answer: the server says so once, and a sign-out here clears it too.
    const endedOnServer = takeSessionEnded();
    if (lastUid.current && !uid && !signingOut.current) toast.info(ACCESS_MSG.endedElsewhere);
    // A page opened with a session that ended meanwhile (elsewhere, expired, the account disabled).
    else if (!lastUid.current && !uid && endedOnServer && answeredAt) toast.info(ACCESS_MSG.sessionEnded);
    if (uid) signingOut.current = false; // a sign-in after this browser's own sign-out
    lastUid.current = uid;
  }, [uid, answeredAt]);

  const signOut = useCallback(async () => {
    signingOut.current = true;
    try {
      await ok(client.POST('/account/sign-out'));
    } catch {
      // Even if the call fails, this browser forgets the user below.
    }
    if (window.location.pathname !== '/') {
      await new Promise<void>((resolve) => {
        pendingSignOut.current = resolve;
        navigate('/');
      });
    }
    await forget();
  }, [navigate, forget]);

  const user = me.data ?? null;
  const value = useMemo<Session>(() => ({ user, viewer: user, refresh, signOut }), [user, refresh, signOut]);

  if (me.isPending) return <BrandLoader />;
  return <SessionContext value={value}>{children}</SessionContext>;
}
