import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { Viewer } from '../../shared/rules/access';
import type { Me } from '../../shared/schemas/account';
import { ApiError, api } from './api';

export const ME_QUERY_KEY = ['me'] as const;

/** Who is signed in: the user, or null when the server answers 401. */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const res = await api.get<{ user: Me }>('/api/me', signal);
    return res.user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 30_000,
  retry: (count, err) => !(err instanceof ApiError && err.status < 500 && err.status > 0) && count < 2,
});

export type Session = {
  /** The signed-in user, or null when signed out. */
  user: Me | null;
  /** What the access rules of shared/rules/access.ts look at. */
  viewer: Viewer;
  /** Re-reads /api/me; resolves with the fresh user. */
  refresh: () => Promise<Me | null>;
  /** Ends the session, clears every browser cache of ours and goes home. */
  signOut: () => Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}
