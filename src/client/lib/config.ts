import { queryOptions } from '@tanstack/react-query';
import { client, ok } from './api';

/** Public runtime settings from GET /api/config. */
export const configQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => ok(client.GET('/config', { signal })),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});
