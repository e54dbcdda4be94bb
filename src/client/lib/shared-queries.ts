/**
 * Reads that more than one feature shows. A feature's own queries live in its api.ts; these
 * are here because one feature may not import another (.dependency-cruiser.cjs,
 * client-features-are-independent), and a query defined twice drifts apart.
 */
import { queryOptions } from '@tanstack/react-query';
import type { MailQueueView } from '@/shared/schemas/mail';
import { client, ok } from './api';

/** The seasons: upcoming, the current one and the past ones (the admin's seasons page, the dashboard's Season tab). */
export const seasonsQuery = queryOptions({
  queryKey: ['seasons'] as const,
  queryFn: ({ signal }) => ok(client.GET('/seasons', { signal })),
  staleTime: 60_000,
});

/** How much mail is waiting, and the mail that failed after every retry (the mail page, the admin hub's badge). */
export const mailQueueQuery = queryOptions({
  queryKey: ['admin', 'mail'] as const,
  queryFn: ({ signal }): Promise<MailQueueView> => ok(client.GET('/admin/mail', { signal })),
  staleTime: 5_000,
});

/** The admin home's counts: every queue's pending items and its oldest (GET /admin/queues). */
export const adminQueuesQuery = queryOptions({
  queryKey: ['admin', 'queues'] as const,
  queryFn: ({ signal }) => ok(client.GET('/admin/queues', { signal })),
  staleTime: 0,
  refetchInterval: 60_000,
});

/** How many items wait for a decision across the queues (the resources list is no queue). */
export function waitingIn(queues: readonly { key: string; pending: number }[]): number {
  return queues.filter((q) => q.key !== 'resources').reduce((n, q) => n + q.pending, 0);
}

/**
 * A requester's own bounty requests (the bounty request page, and a project member's
 * getting-started step). Bounties' `myRequests` key, so a new request refreshes every reader.
 */
export const myBountyRequestsQuery = queryOptions({
  queryKey: ['bounty-applications', 'mine'] as const,
  queryFn: ({ signal }) => ok(client.GET('/bounty-applications/mine', { signal })),
  staleTime: 15_000,
});

/**
 * A startup's latest project application and when it may apply again (launchpad's pages, the
 * dashboard's checklist and next step). Its key starts launchpad's `myApplication` keys, so a
 * submit there refreshes every reader.
 */
export const myApplicationQuery = queryOptions({
  queryKey: ['project-applications', 'mine'] as const,
  queryFn: ({ signal }) => ok(client.GET('/project-applications/mine', { signal })),
  staleTime: 15_000,
});
