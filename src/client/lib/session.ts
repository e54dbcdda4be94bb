import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { Viewer } from '@/shared/rules/access';
import type { Me } from '@/shared/schemas/account';
import { ApiError, client, ok } from './api';
import { cacheEpoch } from './cache-epoch';

/** IndexedDB code stays out of the first bundle: the shell loads it on demand. */
const sysfiDb = () => import('./sysfi-db');

export const ME_QUERY_KEY = ['me'] as const;

/** The profileData record holding the last signed-in user, for starting offline. */
const SESSION_RECORD = 'session';

/**
 * Who is signed in: the user, or null (GET /api/session answers a visitor 200 with null, so a
 * visitor's page logs no failed request; GET /api/me would answer 401). When the
 * request gets no answer at all (offline), the last user signed in on this
 * browser is assumed, so cache-first pages still open from SysfiDB; the server
 * still checks every request, and sign-out deletes the record with the rest.
 */
/** The server said this browser's session cookie named a session that is over, and no one was told yet. */
let sessionEndedUnseen = false;
/** Whether to say that the session ended (once: reading it clears it). */
export function takeSessionEnded(): boolean {
  const was = sessionEndedUnseen;
  sessionEndedUnseen = false;
  return was;
}

export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  const since = cacheEpoch();
  try {
    const { user, ended } = await ok(client.GET('/session', { signal }));
    if (ended) sessionEndedUnseen = true;
    void sysfiDb()
      .then((db) =>
        user
          ? db.writeCache('profileData', { key: SESSION_RECORD, data: user, cachedAt: Date.now() }, since)
          : db.deleteCache('profileData', SESSION_RECORD),
      )
      .catch(() => {});
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) {
      const last = await sysfiDb()
        .then((db) => db.readCache<Me>('profileData', SESSION_RECORD))
        .catch(() => undefined);
      if (last?.data?.uid) return last.data;
    }
    throw err;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 30_000,
  // Ask even when the browser says it is offline: fetchMe then falls back to the last user.
  networkMode: 'offlineFirst',
  retry: (count, err) => !(err instanceof ApiError && err.status < 500 && err.status > 0) && count < 2,
});

export type Session = {
  /** The signed-in user, or null when signed out. */
  user: Me | null;
  /** What the access rules of shared/rules/access.ts look at. */
  viewer: Viewer;
  /** Re-reads the session (GET /api/session); resolves with the fresh user. */
  refresh: () => Promise<Me | null>;
  /** Ends the session, clears every browser cache of ours and goes home. */
  signOut: () => Promise<void>;
  /**
   * Who is signed in is not known yet. Only the static first paint (app/static-shell.tsx,
   * rendered at build time) sets it: what depends on the user is left out or drawn as a
   * placeholder there, and the app replaces it once /api/session has answered. 'signedIn': the
   * server has checked the session (a page that greets the user), only the details are unknown.
   */
  pending?: 'unknown' | 'signedIn';
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}
