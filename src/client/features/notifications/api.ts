/** The inbox's queries and mutations (issue 19). */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_KEY } from '@/client/components/notification-bell';
import { client, ok } from '@/client/lib/api';
import type { UiCallbacks } from '@/client/lib/mutation';
import { ME_QUERY_KEY } from '@/client/lib/session';

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: NOTIFICATIONS_KEY,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      ok(client.GET('/notifications', { params: { query: { before: pageParam } }, signal })),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** Marks one (id) or all (null) read; the unread count comes back and the session is refetched. */
export function useMarkRead(ui: UiCallbacks<{ unread: number }, number | null> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      id === null
        ? ok(client.POST('/notifications/read-all'))
        : ok(client.POST('/notifications/{id}/read', { params: { path: { id } } })),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
        qc.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
    ...ui,
  });
}
