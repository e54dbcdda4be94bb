/** The users console's queries (issue 18). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { client, ok } from '@/client/lib/api';
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
