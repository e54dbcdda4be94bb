/**
 * The leaderboard's tabs (issue 19): This week, This month, the current season (and past
 * ones) and All time. All time is the dashboard's own board; the others are read from
 * /api/leaderboard/window, summed from the XP ledger by the server.
 */
import { useQuery } from '@tanstack/react-query';
import { client, ok } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { seasonsQuery } from '@/client/lib/shared-queries';
import { MSG } from '@/shared/messages';
import type { Seasons } from '@/shared/schemas/seasons';

export type BoardTab = 'all' | 'week' | 'month' | 'season';

/**
 * A window's board (not for 'all'). The Season tab shows the chosen season, else the
 * current one, else the latest past one; the seasons are only asked for on that tab, so
 * the dashboard itself stays one request.
 */
export function useWindowBoard(tab: BoardTab, chosen: string | null) {
  const seasons = useQuery({ ...seasonsQuery, enabled: tab === 'season' });
  const season =
    tab === 'season' ? (chosen ?? seasons.data?.current?.id ?? seasons.data?.past[0]?.id ?? null) : null;
  const noSeason = tab === 'season' && !!seasons.data && !season;
  const board = useQuery({
    queryKey: ['leaderboard', 'window', tab, season] as const,
    queryFn: ({ signal }) =>
      ok(
        client.GET('/leaderboard/window', {
          params: { query: { window: tab === 'all' ? 'week' : tab, ...(season ? { season } : {}) } },
          signal,
        }),
      ),
    enabled: tab !== 'all' && (tab !== 'season' || !!season),
    staleTime: 15_000,
  });
  return { board, seasons: seasons.data, season, noSeason };
}

/** The tabs, and in the Season tab a choice of the current or a past season. */
export function WindowTabs({
  tab,
  onTab,
  season,
  seasons,
  onSeason,
}: {
  tab: BoardTab;
  onTab: (t: BoardTab) => void;
  season: string | null;
  seasons: Seasons | undefined;
  onSeason: (id: string | null) => void;
}) {
  const tabs: BoardTab[] = ['week', 'month', 'season', 'all'];
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {/* Two by two on a phone: four chips do not fit one row, and a wrapped one sat alone. */}
      <fieldset
        aria-label="Leaderboard period"
        className="grid w-full grid-cols-2 gap-1.5 sm:flex sm:w-auto sm:flex-wrap"
      >
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={tab === t}
            onClick={() => onTab(t)}
            className={cn(
              'inline-flex h-11 items-center justify-center rounded-full border px-4 text-sm font-medium transition-colors sm:h-9',
              tab === t
                ? 'border-accent-from/60 bg-accent-from/15 text-fg'
                : 'border-line bg-surface-2 text-fg-soft hover:border-line-strong hover:text-fg',
            )}
          >
            {MSG.seasons.tabs[t]}
          </button>
        ))}
      </fieldset>
      {tab === 'season' && seasons && seasons.past.length + (seasons.current ? 1 : 0) > 0 ? (
        <label className="flex items-center gap-2 text-sm text-fg-soft">
          <span className="sr-only">Season</span>
          <select
            className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-sm text-fg sm:h-9"
            value={season ?? ''}
            onChange={(e) => onSeason(e.target.value || null)}
          >
            {seasons.current ? <option value={seasons.current.id}>{seasons.current.name}</option> : null}
            {seasons.past.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({MSG.seasons.frozen.toLowerCase()})
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
