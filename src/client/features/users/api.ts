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

/** Disable or enable an account with the admin's reason; the user's page and the list refresh after. */
export function useSetDisabled(
  id: string,
  ui: UiCallbacks<unknown, { disable: boolean; reason: string }> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ disable, reason }: { disable: boolean; reason: string }) =>
      ok(
        disable
          ? client.POST('/admin/users/{id}/disable', { params: { path: { id } }, body: { reason } })
          : client.POST('/admin/users/{id}/enable', { params: { path: { id } }, body: { reason } }),
      ),
    onSuccess: ui.onSuccess,
    onError: ui.onError,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: usersKey });
      ui.onSettled?.();
    },
  });
}

/** Change the user's role with the admin's reason. */
export function useSetRole(id: string, ui: UiCallbacks<unknown, { role: Role; reason: string }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { role: Role; reason: string }) =>
      ok(client.POST('/admin/users/{id}/role', { params: { path: { id } }, body })),
    onSuccess: ui.onSuccess,
    onError: ui.onError,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: usersKey });
      ui.onSettled?.();
    },
  });
}
