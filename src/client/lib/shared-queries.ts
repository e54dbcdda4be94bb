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
