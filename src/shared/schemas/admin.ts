import { z } from 'zod';

/** The admin home's queues (issue 20), in the order the page lists them. */
export const ADMIN_QUEUES = [
  'projectApplications',
  'bountyRequests',
  'contributions',
  'grants',
  'resources',
] as const;
export type AdminQueue = (typeof ADMIN_QUEUES)[number];

export const adminQueueSchema = z.object({
  key: z.enum(ADMIN_QUEUES),
  /** Items waiting for a decision; for resources (no review step) the number listed. */
  pending: z.number().int(),
  /** When the oldest waiting item arrived; for resources, the last one added. Null when none. */
  oldestAt: z.string().nullable(),
});
export type AdminQueueCount = z.infer<typeof adminQueueSchema>;

export const adminQueuesSchema = z.object({ queues: z.array(adminQueueSchema) });
