import { infiniteQueryOptions, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiData, ApiError, client, ok } from '@/client/lib/api';
import { fitsSchema, useCachedQuery } from '@/client/lib/cached-query';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { ME_QUERY_KEY } from '@/client/lib/session';
import { uploadWithProgress } from '@/client/lib/upload';
import type { Me } from '@/shared/schemas/account';
import type { MailPreferences } from '@/shared/schemas/notifications';
import type { ProfileUpdate } from '@/shared/schemas/profile';
import type {
  ChangePasswordInput,
  TotpCodeInput,
  TwoFactorEnrolment,
  TwoFactorPasswordInput,
} from '@/shared/schemas/security';

/** Query keys of the profile. */
export const profileKeys = {
  profile: ['profile'] as const,
  points: ['me', 'points'] as const,
  devices: ['me', 'devices'] as const,
};

/** The signed-in user's profile; null when the server has none (401: the session is gone). */
export async function fetchProfile(signal?: AbortSignal): Promise<Me | null> {
  try {
    return (await ok(client.GET('/me', { signal }))).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** A cached profile: null (signed out) as it is, else checked by the schema, loaded on demand. */
async function parseProfile(data: unknown): Promise<Me | null | undefined> {
  if (data === null) return null;
  const { meSchema } = await import('@/shared/schemas/account');
  return fitsSchema(meSchema, data);
}

/** Cache-first (SysfiDB profileData, indexed by username), then the server's copy. */
export function useProfile() {
  const queryClient = useQueryClient();
  return useCachedQuery<Me | null>({
    // The session has just read the same user (GET /api/session): the page shows it without waiting.
    seed: () => {
      const session = queryClient.getQueryState<Me | null>(ME_QUERY_KEY);
      return session?.data ? { data: session.data, updatedAt: session.dataUpdatedAt } : undefined;
    },
    store: 'profileData',
    key: 'me',
    queryKey: profileKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    parse: parseProfile,
    username: (me) => me?.username,
  });
}

export async function updateProfile(patch: ProfileUpdate): Promise<Me> {
  return (await ok(client.PATCH('/profile', { body: patch }))).user;
}

export async function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<Me> {
  const body = new FormData();
  body.append('file', file);
  return (await uploadWithProgress('/profile/photo', body, { onProgress })).user;
}

export type PointEvent = ApiData<'/me/points', 'get'>['events'][number];

export function usePointEvents() {
  return useQuery({
    queryKey: profileKeys.points,
    queryFn: ({ signal }) => ok(client.GET('/me/points', { signal })),
  });
}

export type Device = ApiData<'/account/devices', 'get'>['devices'][number];

/** Your signed-in devices (sessions), this one first. */
export const devicesQuery = queryOptions({
  queryKey: profileKeys.devices,
  queryFn: ({ signal }) => ok(client.GET('/account/devices', { signal })),
  staleTime: 10_000,
});

type Done = { ok: true; message: string };

function useRefreshDevices() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: profileKeys.devices });
}

/** Signs out one other device. */
export function useEndDevice(ui: UiCallbacks<Done, string> = {}) {
  const refresh = useRefreshDevices();
  return useFeatureMutation(
    (id: string) => ok(client.DELETE('/account/devices/{id}', { params: { path: { id } } })),
    ui,
    { onSettled: refresh },
  );
}

/** Signs out every device but this one. */
export function useSignOutOthers(ui: UiCallbacks<Done & { ended: number }, void> = {}) {
  const refresh = useRefreshDevices();
  return useFeatureMutation(() => ok(client.POST('/account/devices/sign-out-others')), ui, {
    onSettled: refresh,
  });
}

/** A new password; the server signs out every other device. */
export function useChangePassword(ui: UiCallbacks<Done, ChangePasswordInput> = {}) {
  const refresh = useRefreshDevices();
  return useFeatureMutation(
    (body: ChangePasswordInput) => ok(client.POST('/account/change-password', { body })),
    ui,
    { onSuccess: refresh },
  );
}

/** The signed-in user as the server now has them: every copy of the profile query and the session's. */
function useSetMe() {
  const queryClient = useQueryClient();
  return (me: Me) => {
    // Every copy of the profile query (its live key carries a scope: lib/cached-query.ts).
    queryClient.setQueriesData({ queryKey: profileKeys.profile }, me);
    queryClient.setQueryData(ME_QUERY_KEY, me);
  };
}

/**
 * A change to how the user signs in (two-factor on or off): the profile, the devices and the
 * session's user are fetched again after it (the staff notice on admin screens reads the last).
 */
function useSecurityChange<I>(send: (body: I) => Promise<Done>, ui: UiCallbacks<Done, I>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(send, ui, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
      void queryClient.invalidateQueries({ queryKey: profileKeys.devices });
    },
  });
}

/** Starts TOTP enrolment: the otpauth URI for the QR code and the backup codes, answered once. */
export function useStartTwoFactor(ui: UiCallbacks<TwoFactorEnrolment, TwoFactorPasswordInput> = {}) {
  return useFeatureMutation(
    (body: TwoFactorPasswordInput) => ok(client.POST('/account/two-factor/enable', { body })),
    ui,
  );
}

/** Confirms enrolment with a code: two-factor is on and every other device signed out. */
export function useConfirmTwoFactor(ui: UiCallbacks<Done, TotpCodeInput> = {}) {
  return useSecurityChange((body) => ok(client.POST('/account/two-factor/confirm', { body })), ui);
}

/** Turns two-factor off (password required). */
export function useDisableTwoFactor(ui: UiCallbacks<Done, TwoFactorPasswordInput> = {}) {
  return useSecurityChange((body) => ok(client.POST('/account/two-factor/disable', { body })), ui);
}

/** E-mail on/off per notification category (issue 19); the user comes back with the new preferences. */
export function useMailPreferences(ui: UiCallbacks<Me, MailPreferences> = {}) {
  const setMe = useSetMe();
  return useFeatureMutation(
    async (body: MailPreferences) => (await ok(client.PUT('/profile/mail-preferences', { body }))).user,
    ui,
    { onSuccess: setMe },
  );
}

/**
 * The edit form's changes, sent as typed (the server trims; '' clears a field). The page
 * puts the user it answers into its caches (profile-page.tsx: the profile's own copy too).
 */
export function useSaveProfile(ui: UiCallbacks<Me, ProfileUpdate> = {}) {
  return useFeatureMutation(updateProfile, ui);
}

// ---- public profiles (issue 19) ----

/** Hide or show the public profile. */
export function useProfileVisibility(ui: UiCallbacks<Me, boolean> = {}) {
  const queryClient = useQueryClient();
  const setMe = useSetMe();
  return useFeatureMutation((hidden: boolean) => updateProfile({ profileHidden: hidden }), ui, {
    onSuccess: (me) => {
      setMe(me);
      // The dashboard's leaderboard links (or not) to it.
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** A public profile by display name; null when it answers 404 (hidden, disabled, unknown). */
export const publicProfileQuery = (name: string) =>
  queryOptions({
    queryKey: ['public-profile', name.toLowerCase()] as const,
    queryFn: async ({ signal }) => {
      try {
        return await ok(client.GET('/u/{name}', { params: { path: { name } }, signal }));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });

/** Its approved contributions, one keyset page after another. */
export const publicContributionsQuery = (name: string) =>
  infiniteQueryOptions({
    queryKey: ['public-profile', name.toLowerCase(), 'contributions'] as const,
    queryFn: ({ signal, pageParam }) =>
      ok(
        client.GET('/u/{name}/contributions', {
          params: { path: { name }, query: pageParam ? { cursor: pageParam } : {} },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
