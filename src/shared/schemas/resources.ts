import { z } from 'zod';
import { isHttpUrl } from '../links';
import { MSG } from '../messages';

/** Spec §3 Resource, as the admin writes it (http/https links only). */
export const resourceInputSchema = z
  .object({
    title: z.string().trim().min(1, MSG.resource.titleRequired).max(200),
    category: z.string().trim().min(1, MSG.resource.categoryRequired).max(40),
    link: z
      .string()
      .trim()
      .max(500, MSG.resource.invalidLink)
      .refine((v) => isHttpUrl(v), MSG.resource.invalidLink),
  })
  .strict();
export type ResourceInput = z.input<typeof resourceInputSchema>;

export const resourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  link: z.string(),
  uploadedAt: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;
