import { queryOptions } from '@tanstack/react-query';
import { client, ok } from '@/client/lib/api';

/** The admin home's counts: every queue's pending items and its oldest (GET /admin/queues). */
export const adminQueuesQuery = queryOptions({
  queryKey: ['admin', 'queues'] as const,
  queryFn: ({ signal }) => ok(client.GET('/admin/queues', { signal })),
  staleTime: 0,
  refetchInterval: 60_000,
});
