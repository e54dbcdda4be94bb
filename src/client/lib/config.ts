import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** Public runtime settings from GET /api/config. */
export type PublicConfig = {
  nftMintUrl: string;
  analyticsMeasurementId: string | null;
};

export const configQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => api.get<PublicConfig>('/api/config', signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});
