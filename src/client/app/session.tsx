import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import type { Me } from '../../shared/schemas/account';
import { BrandLoader } from '../components/brand-loader';
import { api } from '../lib/api';
import { ME_QUERY_KEY, meQueryOptions, type Session, SessionContext } from '../lib/session';
import { BROWSER_DB_NAME, clearLocalExcept, deleteDatabase, REFERRER_KEY } from '../lib/storage';

/**
 * Holds who is signed in (GET /api/me). Spec §4: nothing renders until the first
 * auth check completes, so children mount only once the answer is in; a 401 means
 * signed out, and so does a failed check (the profile is then empty).
 */
export function SessionProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  /** Called after sign-out, before caches are dropped; the app navigates home here. */
  onSignedOut: () => Promise<void> | void;
}) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions);

  const refresh = useCallback(async (): Promise<Me | null> => {
    try {
      return await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    } catch {
      return queryClient.getQueryData(ME_QUERY_KEY) ?? null;
    }
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await api.post('/api/account/sign-out');
    } catch {
      // Even if the call fails, this browser forgets the user below.
    }
    await onSignedOut();
    // Drop every cached query, then record "signed out" without a refetch, so the
    // app does not flash the boot loader.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData(ME_QUERY_KEY, null);
    clearLocalExcept([REFERRER_KEY]);
    await deleteDatabase(BROWSER_DB_NAME);
  }, [queryClient, onSignedOut]);

  const user = me.data ?? null;
  const value = useMemo<Session>(() => ({ user, viewer: user, refresh, signOut }), [user, refresh, signOut]);

  if (me.isPending) return <BrandLoader />;
  return <SessionContext value={value}>{children}</SessionContext>;
}
