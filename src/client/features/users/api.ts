/** The users console's queries (issue 18). */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, ok } from '@/client/lib/api';
import type { UiCallbacks } from '@/client/lib/mutation';
import type { Role } from '@/shared/lists';
import type { UserDetail, UsersPage, UsersQuery } from '@/shared/schemas/users-admin';

export type UsersFilters = Omit<UsersQuery, 'after'>;

export const usersKey = ['admin', 'users'] as const;

export const usersQuery = (f: UsersFilters) =>
  infiniteQueryOptions({
    queryKey: [...usersKey, 'list', f],
    queryFn: ({ signal, pageParam }): Promise<UsersPage> =>
      ok(client.GET('/admin/users', { params: { query: { ...f, after: pageParam } }, signal })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: [...usersKey, 'one', id],
    queryFn: ({ signal }): Promise<UserDetail> =>
      ok(client.GET('/admin/users/{id}', { params: { path: { id } }, signal })),
  });

/** A mutation on one user's page: the page and the list refresh after, then the page's callbacks run. */
function useUserMutation<TData, TVars>(fn: (vars: TVars) => Promise<TData>, ui: UiCallbacks<TData, TVars>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ui.onSuccess,
    onError: ui.onError,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: usersKey });
      ui.onSettled?.();
    },
  });
}

/** Disable or enable an account with the admin's reason. */
export const useSetDisabled = (
  id: string,
  ui: UiCallbacks<unknown, { disable: boolean; reason: string }> = {},
) =>
  useUserMutation(
    ({ disable, reason }: { disable: boolean; reason: string }) =>
      ok(
        disable
          ? client.POST('/admin/users/{id}/disable', { params: { path: { id } }, body: { reason } })
          : client.POST('/admin/users/{id}/enable', { params: { path: { id } }, body: { reason } }),
      ),
    ui,
  );

/** Change the user's role with the admin's reason. */
export const useSetRole = (id: string, ui: UiCallbacks<unknown, { role: Role; reason: string }> = {}) =>
  useUserMutation(
    (body: { role: Role; reason: string }) =>
      ok(client.POST('/admin/users/{id}/role', { params: { path: { id } }, body })),
    ui,
  );

type Correction = { delta: number; reason: string; key: string };
/** Grant (delta > 0) or deduct XP with a reason; `key` is fixed per confirmed correction, so a retry is a no-op. */
export const useCorrectXp = (
  id: string,
  ui: UiCallbacks<{ applied: boolean; balance: number }, Correction> = {},
) =>
  useUserMutation(
    (body: Correction) => ok(client.POST('/admin/users/{id}/xp', { params: { path: { id } }, body })),
    ui,
  );

type Revert = { eventId: string; reason: string };
/** Revert one reward of the user's ledger with a reason (once per reward; the server refuses a second). */
export const useRevertReward = (id: string, ui: UiCallbacks<{ balance: number }, Revert> = {}) =>
  useUserMutation(
    (body: Revert) => ok(client.POST('/admin/users/{id}/xp/revert', { params: { path: { id } }, body })),
    ui,
  );

/** Make the user a reviewer or change their limit (maxPoints), or revoke it (null), with a reason (issue 18). */
export const useSetReviewer = (
  id: string,
  ui: UiCallbacks<unknown, { maxPoints: number | null; reason: string }> = {},
) =>
  useUserMutation(
    ({ maxPoints, reason }: { maxPoints: number | null; reason: string }) =>
      ok(
        maxPoints === null
          ? client.POST('/admin/users/{id}/reviewer/revoke', { params: { path: { id } }, body: { reason } })
          : client.POST('/admin/users/{id}/reviewer', {
              params: { path: { id } },
              body: { maxPoints, reason },
            }),
      ),
    ui,
  );
