import { ChevronDown, RefreshCw, Trophy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/client/components/avatar';
import { Eyebrow } from '@/client/components/eyebrow';
import { ProfileName } from '@/client/components/profile-name';
import { LoadMore } from '@/client/components/query-states';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { formatDateTime, formatRelative } from '@/client/lib/format';
import { displayNameOr, FALLBACK_NAME } from '@/shared/format';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import type { Leaderboard as Board, LeaderboardEntry, MyRank } from '@/shared/schemas/leaderboard';
import { useBoardBeyondTop } from './api';
import { COLLAPSED_ROWS, collapsedRows } from './board-rows';
import {
  newestLeaderboard,
  readOtherStoredLeaderboard,
  readOwnStoredLeaderboard,
  storeLeaderboard,
} from './leaderboard-cache';
import {
  BOARD_COLUMNS,
  ColumnHeads,
  type Me,
  RankCells,
  RankChip,
  rowMarks,
  XpValue,
  YourRank,
} from './leaderboard-parts';
import { type BoardTab, useWindowBoard, WindowTabs } from './leaderboard-windows';

/**
 * The board to show: the localStorage copy (at most 4 h old) at once, replaced by any
 * newer board the dashboard brings. A board fresh from the server is stored unless the
 * copy is newer. A copy another build stored is checked against the schema first, so it
 * shows a moment later.
 */
export function useLeaderboardBoard(fromDashboard: Board | undefined, isLive: boolean): Board | null {
  const [stored, setStored] = useState<Board | null>(() => readOwnStoredLeaderboard());
  useEffect(() => {
    let live = true;
    void readOtherStoredLeaderboard().then((board) => {
      if (live && board) setStored((shown) => newestLeaderboard(shown, board));
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!isLive || !fromDashboard) return;
    // A copy another build stored counts as none: the fresh board replaces it.
    const current = readOwnStoredLeaderboard();
    if (!current || newestLeaderboard(fromDashboard, current) !== current) {
      storeLeaderboard(fromDashboard);
      setStored(fromDashboard);
    }
  }, [fromDashboard, isLive]);
  return newestLeaderboard(fromDashboard, stored);
}

function entryName(e: LeaderboardEntry) {
  return displayNameOr(e.displayName, FALLBACK_NAME.userCell);
}

/** The name, linking to the public profile unless its owner hid it (issue 19). */
function EntryName({ e, className }: { e: LeaderboardEntry; className: string }) {
  return <ProfileName name={e.displayName} linked={e.profile} label={entryName(e)} className={className} />;
}

function YouBadge() {
  return (
    <span className="shrink-0 rounded-full border border-accent-from/40 bg-accent-from/10 px-2 py-0.5 text-[11px] font-semibold text-accent-from">
      You
    </span>
  );
}

/** ≥ 640 px: a table. */
function BoardTable({ entries, meUid }: { entries: LeaderboardEntry[]; meUid: string }) {
  return (
    // Fixed layout: rank and XP keep their widths, the name column gets the rest (its cell truncates).
    <table className="hidden w-full table-fixed text-left text-sm sm:table">
      <caption className="sr-only">{MSG.leaderboard.title}</caption>
      <thead className="text-xs text-subtle">
        <tr className="border-b border-line">
          <ColumnHeads columns={BOARD_COLUMNS} />
        </tr>
      </thead>
      <tbody className="divide-y divide-line/60">
        {entries.map((e) => (
          <tr key={e.uid} {...rowMarks(e.uid === meUid, 'transition-colors hover:bg-surface-2/60')}>
            <RankCells
              rank={e.rank}
              seed={e.uid}
              photoURL={e.photoURL}
              points={e.pointBalance}
              name={
                <>
                  <EntryName e={e} className="truncate font-medium text-fg" />
                  {e.uid === meUid ? <YouBadge /> : null}
                </>
              }
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** < 640 px: the table becomes a list. */
function BoardList({ entries, meUid }: { entries: LeaderboardEntry[]; meUid: string }) {
  return (
    <ol className="divide-y divide-line/60 sm:hidden" aria-label={MSG.leaderboard.title}>
      {entries.map((e) => (
        <li key={e.uid} {...rowMarks(e.uid === meUid, 'flex min-h-14 items-center gap-3 px-4 py-2.5')}>
          <RankChip rank={e.rank} />
          <Avatar seed={e.uid} photoURL={e.photoURL} size={32} />
          <span className="flex min-w-0 flex-1 items-center gap-2">
            <EntryName e={e} className="truncate text-sm font-medium text-fg" />
            {e.uid === meUid ? <YouBadge /> : null}
          </span>
          <XpValue points={e.pointBalance} className="text-sm" />
        </li>
      ))}
    </ol>
  );
}

function BoardSkeleton() {
  return (
    <div className="divide-y divide-line/60" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex items-center gap-3 px-4 py-3 sm:px-5">
          <Skeleton className="size-8" />
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-4 w-40 max-w-[40%]" />
          <Skeleton className="ml-auto h-4 w-16" />
        </div>
      ))}
    </div>
  );
}

/** Re-renders every minute so "5 minutes ago" stays true while the page is open. */
function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(t);
  }, []);
  return now;
}

/**
 * Spec §2 Leaderboard: banner, 'Top 50 Contributors', 'Last updated' (the
 * server's time of the board shown), 'Your Current rank' when the user has XP,
 * and the main table (a list on phones). Tied users share a rank number.
 */

export function Leaderboard({
  board,
  boardIsLive,
  myRank: allRank,
  me,
  isRefreshing = false,
  onRefresh,
}: {
  board: Board | undefined;
  boardIsLive: boolean;
  myRank: MyRank | undefined;
  me: Me & { uid: string };
  isRefreshing?: boolean;
  onRefresh?: () => void;
}) {
  const allTime = useLeaderboardBoard(board, boardIsLive);
  // Issue 19: this week, this month, a season, or all time (the dashboard's board).
  const [tab, setTab] = useState<BoardTab>('all');
  const [season, setSeason] = useState<string | null>(null);
  const { board: windowed, seasons, season: seasonShown, noSeason } = useWindowBoard(tab, season);
  const now = useMinuteTick();
  const shown =
    tab === 'all'
      ? allTime
      : noSeason
        ? { updatedAt: new Date(now).toISOString(), entries: [] }
        : (windowed.data ?? null);
  const myRank: MyRank | undefined =
    tab === 'all'
      ? allRank
      : windowed.data?.me
        ? { rank: windowed.data.me.rank, pointBalance: windowed.data.me.points }
        : undefined;
  const [expanded, setExpanded] = useState(false);
  // All time: the top 50, then the pages "Load more" adds beyond them (issue 16).
  const beyond = useBoardBeyondTop(allTime);
  const all = tab === 'all' ? beyond.items : (shown?.entries ?? []);
  const rows = expanded ? all : collapsedRows(all, me.uid);
  const listId = useId();

  return (
    <section
      aria-labelledby="leaderboard-title"
      className="overflow-hidden rounded-2xl border border-line bg-surface"
      data-testid="leaderboard"
    >
      <div className="relative isolate min-h-32 overflow-hidden border-b border-line">
        <img
          src="/leaderboard-banner.svg"
          alt=""
          width={1200}
          height={240}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
        {/* The podium is drawn whole at every width: small in its own band at the top right of a phone,
            above the refresh button; from 640 px at the bottom right (left of
            the refresh button), sized by the banner's height, never cropped by the cover fit. */}
        <img
          src="/leaderboard-podium.svg"
          alt=""
          width={280}
          height={216}
          loading="lazy"
          decoding="async"
          className="pointer-events-none absolute top-3 right-4 -z-10 h-12 w-auto sm:top-auto sm:right-24 sm:bottom-0 sm:h-[78%]"
        />
        <div className="flex min-h-32 flex-wrap items-end justify-between gap-3 bg-gradient-to-t from-ink/80 via-ink/30 to-transparent p-4 pt-16 sm:p-6">
          <div className="min-w-0">
            <Eyebrow className="flex items-center gap-2 text-accent-to">
              <Trophy className="size-3.5" aria-hidden="true" />
              Leaderboard
            </Eyebrow>
            <h2 id="leaderboard-title" className="mt-1 text-2xl font-semibold tracking-tight text-fg">
              {MSG.leaderboard.title}
            </h2>
            <p className="mt-1 text-sm text-fg-soft" aria-live="polite">
              {MSG.leaderboard.lastUpdated}{' '}
              {shown ? (
                <time
                  dateTime={shown.updatedAt}
                  title={formatDateTime(shown.updatedAt)}
                  className="tabular-nums"
                  data-testid="leaderboard-updated"
                >
                  {formatRelative(shown.updatedAt, now)}
                </time>
              ) : (
                <span className="text-muted">…</span>
              )}
            </p>
          </div>
          {onRefresh ? (
            <Button
              variant="secondary"
              size="icon"
              className="bg-surface-2/80 backdrop-blur"
              aria-label="Refresh leaderboard"
              disabled={isRefreshing}
              onClick={onRefresh}
            >
              <RefreshCw className={cn(isRefreshing && 'animate-spin')} aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>

      <div className="grid gap-5 p-4 sm:p-6">
        <WindowTabs tab={tab} onTab={setTab} season={seasonShown} seasons={seasons} onSeason={setSeason} />
        {myRank ? <YourRank me={me} myRank={myRank} /> : null}

        <div className="-mx-4 border-y border-line sm:mx-0 sm:overflow-hidden sm:rounded-xl sm:border">
          {!shown ? (
            <BoardSkeleton />
          ) : shown.entries.length === 0 ? (
            <div className="grid justify-items-center gap-3 px-6 py-10 text-center">
              <p className="text-sm text-muted">
                {noSeason
                  ? MSG.seasons.none
                  : tab !== 'all'
                    ? 'Nobody has earned XP in this period yet.'
                    : myRank?.rank
                      ? 'You’re on the board. The top list is being refreshed; check back in a moment.'
                      : `Nobody has earned XP yet. The first ${LIMITS.leaderboardSize} contributors with XP appear here.`}
              </p>
              <Link to="/contribution-hub" className={buttonVariants({ variant: 'secondary' })}>
                Submit a contribution
              </Link>
            </div>
          ) : (
            <div id={listId}>
              <BoardTable entries={rows} meUid={me.uid} />
              <BoardList entries={rows} meUid={me.uid} />
            </div>
          )}
        </div>
        {all.length > COLLAPSED_ROWS ? (
          <Button
            variant="secondary"
            className="justify-self-center"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? `Show top ${COLLAPSED_ROWS}` : `Show all ${all.length}`}
            <ChevronDown
              className={cn('transition-transform', expanded && 'rotate-180')}
              aria-hidden="true"
            />
          </Button>
        ) : null}
        {expanded && tab === 'all' ? <LoadMore label="Load more contributors" pages={beyond} /> : null}
        <p className="text-xs leading-5 text-subtle">
          Ties share a rank; whoever reached the score first is listed first.{' '}
          <Link
            to="/docs#leaderboard"
            className="inline-flex min-h-11 items-center text-accent-to hover:underline sm:min-h-0"
          >
            How ranking works
          </Link>
        </p>
      </div>
    </section>
  );
}
