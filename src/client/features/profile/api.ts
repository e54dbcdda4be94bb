import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../shared/limits';
import { type Me, meSchema } from '../../../shared/schemas/account';
import type { ProfileUpdate } from '../../../shared/schemas/profile';
import { ApiError, api } from '../../lib/api';
import { useCachedQuery } from '../../lib/cached-query';
import { uploadWithProgress } from '../../lib/upload';

export const PROFILE_QUERY_KEY = ['profile'] as const;
export const POINTS_QUERY_KEY = ['me', 'points'] as const;

/** The server's photo limit, checked here first for quick feedback. */
export const PHOTO_MAX_BYTES = LIMITS.profilePhotoBytes;

/** The signed-in user's profile; null when the server has none (401: the session is gone). */
export async function fetchProfile(signal?: AbortSignal): Promise<Me | null> {
  try {
    return (await api.get<{ user: Me }>('/api/me', signal)).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

function parseProfile(data: unknown): Me | null | undefined {
  if (data === null) return null;
  const r = meSchema.safeParse(data);
  return r.success ? r.data : undefined;
}

/** Cache-first (SysfiDB profileData, indexed by username), then the server's copy. */
export function useProfile() {
  return useCachedQuery<Me | null>({
    store: 'profileData',
    key: 'me',
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => fetchProfile(signal),
    parse: parseProfile,
    username: (me) => me?.username,
  });
}

export async function updateProfile(patch: ProfileUpdate): Promise<Me> {
  return (await api.patch<{ user: Me }>('/api/profile', patch)).user;
}

export async function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<Me> {
  const body = new FormData();
  body.append('file', file);
  return (await uploadWithProgress<{ user: Me }>('/api/profile/photo', body, onProgress)).user;
}

export type PointEvent = { delta: number; balanceAfter: number; reason: string; createdAt: string };

export function usePointEvents() {
  return useQuery({
    queryKey: POINTS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<{ events: PointEvent[] }>('/api/me/points', signal),
  });
}
