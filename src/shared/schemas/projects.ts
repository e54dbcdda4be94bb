import { z } from 'zod';
import { LIMITS } from '../limits';
import { isHttpUrl } from '../links';
import { PROJECT_GENRES, PROJECT_PHASES } from '../lists';
import { MSG } from '../messages';
import { nextCursorSchema, optionalText } from './common';

const TEXT_MAX = 200;
const LONG_MAX = 5000;

/** A required link: empty is "required" (as every other field says), anything else not http(s) is `message`. */
const url = (message: string) =>
  z
    .string()
    .trim()
    .min(1, { message: MSG.projectApplication.required, abort: true })
    .max(500, message)
    .refine((v) => isHttpUrl(v), message);
/** optionalText, with absent also null: these forms always store the field. */
const optional = (inner: z.ZodType<string, string>) => optionalText(inner).transform((v) => v ?? null);

/** Spec §5 project application: required URLs, two team links, genre, phase and goals. */
export const projectApplicationSchema = z
  .object({
    name: z.string().trim().min(1, MSG.projectApplication.required).max(TEXT_MAX),
    website: url(MSG.projectApplication.invalidUrl),
    github: url(MSG.projectApplication.invalidUrl),
    whitepaper: url(MSG.projectApplication.invalidUrl),
    teamMembers: z.tuple([url(MSG.projectApplication.invalidUrl), url(MSG.projectApplication.invalidUrl)], {
      error: MSG.projectApplication.required,
    }),
    genre: z.enum(PROJECT_GENRES, { error: MSG.projectApplication.required }),
    phase: z.enum(PROJECT_PHASES, { error: MSG.projectApplication.required }),
    goals: z.string().trim().min(1, MSG.projectApplication.required).max(LONG_MAX),
    xAccount: optional(z.string().max(TEXT_MAX)),
    telegram: optional(z.string().max(TEXT_MAX)),
  })
  .strict();
export type ProjectApplicationInput = z.input<typeof projectApplicationSchema>;

export const projectApplicationViewSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  email: z.string(),
  name: z.string(),
  website: z.string(),
  xAccount: z.string().nullable(),
  telegram: z.string().nullable(),
  github: z.string(),
  whitepaper: z.string(),
  teamMembers: z.array(z.string()),
  genre: z.string(),
  phase: z.string(),
  goals: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ProjectApplicationView = z.infer<typeof projectApplicationViewSchema>;

/** Tags: split on commas, trimmed, empties dropped, de-duplicated (case-insensitively), at most 10. */
export function parseTags(raw: string | string[] | null | undefined): string[] {
  const parts = Array.isArray(raw) ? raw : (raw ?? '').split(',');
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    const t = p.trim().slice(0, 32);
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out.slice(0, 10);
}

/** Spec §5 create project, checked on trimmed text in the spec's order. */
export const createProjectSchema = z
  .object({
    title: z.string().trim().max(TEXT_MAX).min(1, MSG.project.titleRequired),
    description: z.string().trim().max(LONG_MAX).min(1, MSG.project.descriptionRequired),
    xAccount: z.string().trim().max(TEXT_MAX).min(1, MSG.project.xRequired),
    website: z
      .string()
      .trim()
      .min(1, MSG.project.websiteRequired)
      .max(LIMITS.linkChars)
      .refine((v) => isHttpUrl(v), MSG.project.invalidUrl),
    githubUrl: optional(
      z
        .string()
        .max(LIMITS.linkChars)
        .refine((v) => isHttpUrl(v), MSG.project.invalidUrl),
    ),
    tags: z
      .string()
      .max(1000)
      .optional()
      .transform((v) => parseTags(v)),
  })
  .strict();
export type CreateProjectInput = z.input<typeof createProjectSchema>;

export const PROJECT_STATUSES = ['active', 'archived'] as const;
export const PROJECT_FILTERS = ['all', 'active', 'archived', 'my'] as const;

export const projectSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  /** Whether the owner's name links to their public profile (issue 19); false in a write's answer. */
  ownerProfile: z.boolean(),
  title: z.string(),
  description: z.string(),
  githubUrl: z.string().nullable(),
  website: z.string(),
  xAccount: z.string(),
  tags: z.array(z.string()),
  status: z.enum(PROJECT_STATUSES),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type Project = z.infer<typeof projectSchema>;

/** One keyset page of GET /projects (the server's answer and the client's cached copy). */
export const projectListSchema = z.object({ projects: z.array(projectSchema), nextCursor: nextCursorSchema });
