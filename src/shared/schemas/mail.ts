/** The admin's view of the mail queue: what is waiting and what failed after every retry. */
import { z } from 'zod';

export const failedMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  lastError: z.string().nullable(),
  attempts: z.number(),
  queuedAt: z.string(),
  failedAt: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

export const mailQueueSchema = z.object({
  unsent: z.number(),
  oldestUnsentSeconds: z.number().nullable(),
  failed: z.number(),
  failedMail: z.array(failedMailSchema),
});
export type MailQueueView = z.infer<typeof mailQueueSchema>;
