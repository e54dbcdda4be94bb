import type { ComponentProps, ReactNode } from 'react';
import type { MorePages } from '@/client/lib/paged';
import { CARD_GRID, QueryList } from './query-states';

/**
 * A paged list of cards from the server (bounties, projects, grants, resources): a QueryList
 * named after what it holds (`noun`: "Loading bounties", the list "Bounties", "Load more
 * bounties"), six skeleton cards in the card grid while the first page comes, and each card
 * (`children(item)`) stretched to the height of its row.
 */
export function CardList<T extends { id: string }>({
  noun,
  query,
  pages,
  skeleton,
  count = 6,
  label = noun.charAt(0).toUpperCase() + noun.slice(1),
  grid = CARD_GRID,
  fallback,
  empty,
  children,
}: {
  /** What the cards are, in the plural: "bounties". */
  noun: string;
  /** The first page's query: its skeleton, its error. */
  query: ComponentProps<typeof QueryList<T>>['query'];
  /** The paged list: the cards, and "Load more". */
  pages: MorePages<T>;
  /** One card's skeleton. */
  skeleton: ReactNode;
  count?: number;
  /** The list's name, when it is not the noun. */
  label?: string;
  grid?: string;
  fallback?: string;
  empty: ReactNode;
  /** One card. */
  children: (item: T) => ReactNode;
}) {
  return (
    <QueryList
      query={query}
      items={pages.items}
      loading={{ label: `Loading ${noun}`, count, row: skeleton }}
      fallback={fallback}
      label={label}
      grid={grid}
      more={{ label: `Load more ${noun}`, pages }}
      empty={empty}
    >
      {(item) => (
        <li key={item.id} className="flex min-w-0">
          {children(item)}
        </li>
      )}
    </QueryList>
  );
}
