/** Parts of the leaderboard (dashboard/leaderboard.tsx): rank chips, XP values and the own-rank table. */
import type { ReactNode } from 'react';
import { Avatar } from '@/client/components/avatar';
import { cn } from '@/client/lib/cn';
import { formatNumber } from '@/client/lib/format';
import { displayNameOr, FALLBACK_NAME } from '@/shared/format';
import { MSG } from '@/shared/messages';
import type { MyRank } from '@/shared/schemas/leaderboard';

export function RankChip({ rank, className }: { rank: number; className?: string }) {
  const podium = rank <= 3;
  return (
    <span
      className={cn(
        'inline-grid h-8 min-w-8 place-items-center rounded-lg px-1.5 text-sm font-semibold tabular-nums',
        podium ? 'bg-accent-gradient text-ink' : 'border border-line bg-surface-2 text-fg-soft',
        className,
      )}
    >
      <span className="sr-only">Rank </span>
      {rank}
    </span>
  );
}

export function XpValue({ points, className }: { points: number; className?: string }) {
  return (
    <span className={cn('font-semibold tabular-nums text-fg', className)}>
      {formatNumber(points)}
      {/* text-muted: text-subtle is under 4.5:1 on the tinted row of the signed-in user. */}
      <span className="ml-1 text-xs font-medium text-muted">XP</span>
    </span>
  );
}

/** A table's column: its heading and the heading cell's classes (widths, padding). */
export type Column = readonly [heading: ReactNode, className: string];

/** The heading cells of a leaderboard table, one per column. */
export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return columns.map(([heading, className], i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a table's fixed columns
    <th key={i} scope="col" className={className}>
      {heading}
    </th>
  ));
}

/**
 * A board row's marks for the signed-in user's own row: `aria-current`, `data-me` (the
 * tests find it by that) and its tint, over the row's own classes.
 */
export function rowMarks(isMe: boolean, className: string) {
  return {
    'aria-current': isMe ? ('true' as const) : undefined,
    'data-me': isMe || undefined,
    className: cn(className, isMe && 'bg-accent-from/[0.12] shadow-[inset_3px_0_0_var(--color-accent-from)]'),
  };
}

/** The columns of every leaderboard table: the board (≥ 640 px) and "Your Current rank". */
export const BOARD_COLUMNS: readonly Column[] = [
  ['Rank', 'w-14 py-3 pl-3 font-medium sm:w-20 sm:pl-5'],
  ['User', 'py-3 font-medium'],
  [MSG.leaderboard.xpPoints, 'w-24 whitespace-nowrap py-3 pr-3 text-right font-medium sm:w-32 sm:pr-5'],
];

/**
 * A leaderboard table row's cells, under BOARD_COLUMNS: the rank, the member (avatar, then
 * `name`: their name and any badge) and their XP. One row shape for the board and the
 * signed-in member's own rank, so the two read alike.
 */
export function RankCells({
  rank,
  seed,
  photoURL,
  points,
  name,
  cellY = 'py-1.5',
}: {
  rank: number;
  seed: string;
  photoURL: string | null;
  points: number;
  name: ReactNode;
  /** The cells' vertical padding. */
  cellY?: string;
}) {
  return (
    <>
      <td className={cn(cellY, 'pl-3 sm:pl-5')}>
        <RankChip rank={rank} />
      </td>
      <td className={cn(cellY, 'max-w-0 pr-2 sm:pr-4')}>
        <span className="flex min-w-0 items-center gap-2 sm:gap-3">
          <Avatar seed={seed} photoURL={photoURL} size={32} />
          {name}
        </span>
      </td>
      <td className={cn(cellY, 'whitespace-nowrap pr-3 text-right sm:pr-5')}>
        <XpValue points={points} />
      </td>
    </>
  );
}

export type Me = { uid: string; displayName: string; photoURL: string | null };

export function YourRank({ me, myRank }: { me: Me; myRank: MyRank }) {
  if (myRank.rank === null || myRank.pointBalance <= 0) return null;
  const name = displayNameOr(me.displayName, FALLBACK_NAME.rankTable);
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-fg-soft">{MSG.leaderboard.yourRank}</h3>
      <div className="overflow-hidden rounded-xl border border-accent-from/30 bg-accent-from/[0.06]">
        <table className="w-full table-fixed text-left text-sm">
          <thead className="border-b border-line/70 text-xs text-muted">
            <tr>
              <ColumnHeads columns={BOARD_COLUMNS} />
            </tr>
          </thead>
          <tbody>
            <tr data-testid="your-rank">
              <RankCells
                rank={myRank.rank}
                seed={me.uid}
                photoURL={me.photoURL}
                points={myRank.pointBalance}
                name={<span className="truncate font-medium text-fg">{name}</span>}
                cellY="py-3"
              />
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
