import { queryOptions } from '@tanstack/react-query';
import type { BountyRequest } from '../../../shared/schemas/bounties';
import { api } from '../../lib/api';

export const ADMIN_BOUNTY_REQUESTS_KEY = ['admin', 'bounty-applications'] as const;
export type RequestList = { applications: BountyRequest[] };

/** Every bounty request, newest first (the server orders). Kept fresh by the event stream. */
export const bountyRequestsQuery = queryOptions({
  queryKey: ADMIN_BOUNTY_REQUESTS_KEY,
  queryFn: ({ signal }) => api.get<RequestList>('/api/admin/bounty-applications', signal),
  staleTime: 30_000,
});

export type ReviewAction = 'approve' | 'reject' | 'reset';

export function reviewRequest(id: string, action: ReviewAction, message?: string) {
  return api.post<{ application: BountyRequest }>(
    `/api/admin/bounty-applications/${encodeURIComponent(id)}/${action}`,
    message ? { message } : {},
  );
}
