import { z } from 'zod';
import { MSG } from '../messages';
import { leaderboardEntrySchema } from './leaderboard';

/** A season (issue 19): a named, non-overlapping stretch of time with a board of its own. */
export const seasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['upcoming', 'current', 'ended']),
});
export type Season = z.infer<typeof seasonSchema>;

export const seasonsSchema = z.object({
  current: seasonSchema.nullable(),
  past: z.array(seasonSchema),
  upcoming: z.array(seasonSchema),
});
export type Seasons = z.infer<typeof seasonsSchema>;

/** The admin's new season: a name and an instant to start and to end (after the start). */
export const seasonInputSchema = z
  .object({
    name: z.string().trim().min(1, MSG.seasons.nameRequired).max(60),
    startsAt: z.iso.datetime({ offset: true, error: MSG.seasons.datesInvalid }),
    endsAt: z.iso.datetime({ offset: true, error: MSG.seasons.datesInvalid }),
  })
  .strict()
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), {
    message: MSG.seasons.endAfterStart,
    path: ['endsAt'],
  })
  .refine(
    (s) => new Date(s.startsAt).getUTCFullYear() >= 2000 && new Date(s.endsAt).getUTCFullYear() < 10000,
    {
      message: MSG.seasons.datesInvalid,
      path: ['startsAt'],
    },
  );
export type SeasonInput = z.infer<typeof seasonInputSchema>;

/** Midnight UTC of a picked day ('YYYY-MM-DD'), `plusDays` later; '' when there is no such day. */
function utcMidnight(day: string, plusDays = 0): string {
  const start = `${day}T00:00:00.000Z`;
  if (!day || plusDays === 0) return day ? start : '';
  const t = Date.parse(start);
  return Number.isNaN(t) ? '' : new Date(t + plusDays * 86_400_000).toISOString();
}

/**
 * The admin's form for a new season: a name and two whole UTC days, the first and the
 * last. It becomes the season the API takes (seasonInputSchema, its rules and messages):
 * from 00:00 of the first day to 00:00 after the last.
 */
export const seasonFormSchema = z
  .object({ name: z.string(), firstDay: z.string(), lastDay: z.string() })
  .transform(({ name, firstDay, lastDay }) => ({
    name,
    startsAt: utcMidnight(firstDay),
    endsAt: utcMidnight(lastDay, 1),
  }))
  .pipe(seasonInputSchema);

/** A window's board: week, month or a season. */
export const windowBoardSchema = z.object({
  window: z.object({
    kind: z.enum(['week', 'month', 'season']),
    key: z.string(),
    label: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** Ended: its results no longer change. */
    frozen: z.boolean(),
  }),
  updatedAt: z.string(),
  entries: z.array(leaderboardEntrySchema),
  /** The signed-in viewer's points and rank in it (null when signed out). */
  me: z.object({ points: z.number().int(), rank: z.number().int().nullable() }).nullable(),
});
export type WindowBoard = z.infer<typeof windowBoardSchema>;
