import { CalendarDays, ExternalLink, Library, Search, Settings2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { CardList } from '@/client/components/card-list';
import { ListCard } from '@/client/components/list-card';
import { NarrowedEmptyState } from '@/client/components/narrowed-empty-state';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { FilterChips } from '@/client/components/ui/filter-chips';
import { Input } from '@/client/components/ui/input';
import { SkeletonBars } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { useSession } from '@/client/lib/session';
import { LIMITS } from '@/shared/limits';
import { safeHref } from '@/shared/links';
import { MSG } from '@/shared/messages';
import type { Resource } from '@/shared/schemas/resources';
import { useResources } from './api';
import { ALL_CATEGORIES } from './filter';

function hostOf(href: string): string {
  try {
    return new URL(href).host.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Spec §2 resource card: category, title, 'Uploaded' date and 'View Resource' (http(s) only, opened safely). */
function ResourceCard({ resource: r }: { resource: Resource }) {
  const href = safeHref(r.link);
  const titleId = `resource-${r.id}`;
  return (
    <ListCard titleId={titleId} className="gap-4 p-5">
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex max-w-full items-center rounded-full border border-line bg-surface-2 px-2.5 py-0.5 text-xs font-medium text-fg-soft">
          <span className="sr-only">Category: </span>
          <span className="truncate">{r.category}</span>
        </span>
        {href ? <span className="min-w-0 truncate text-xs text-subtle">{hostOf(href)}</span> : null}
      </div>
      <h2 id={titleId} className="break-words text-base font-semibold leading-snug tracking-tight text-fg">
        {r.title}
      </h2>
      <p className="mt-auto inline-flex items-center gap-1.5 text-sm text-muted">
        <CalendarDays className="size-3.5" aria-hidden="true" />
        {MSG.resource.uploaded} <When at={r.uploadedAt} as="date" />
      </p>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'secondary', block: true })}
          aria-describedby={titleId}
        >
          {MSG.resource.view}
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <Button variant="secondary" block disabled>
          Link unavailable
        </Button>
      )}
    </ListCard>
  );
}

function ResourceCardSkeleton() {
  return (
    <SkeletonBars
      className="grid gap-4 rounded-2xl border border-line bg-surface p-5"
      bars={['h-5 w-20 rounded-full', 'h-5 w-3/4', 'h-4 w-32', 'h-11 w-full rounded-xl']}
    />
  );
}

/** Spec §2 Resources page: search by title, category chips, cards, empty message. */
export function ResourcesPage() {
  const { user } = useSession();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  // The server searches; one request once typing pauses, not one per key.
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTyped(query), query ? 250 : 0);
    return () => clearTimeout(t);
  }, [query]);
  const paged = useResources({ q: typed, category: category === ALL_CATEGORIES ? null : category });
  const list = paged.first;
  const categories = paged.categories;
  const shown = paged.items;
  const narrowed = !!query.trim() || category !== ALL_CATEGORIES;
  const activeCategory = category;
  const clearFilters = () => {
    setQuery('');
    setCategory(ALL_CATEGORIES);
  };

  const body = (
    <CardList
      noun="resources"
      query={list}
      pages={paged}
      skeleton={<ResourceCardSkeleton />}
      empty={
        <NarrowedEmptyState
          icon={<Library />}
          title={MSG.resource.none}
          description={
            !narrowed
              ? 'The library is empty for now. Guides, tools and documents will be listed here.'
              : 'Try another word, or look in every category.'
          }
          clear={narrowed ? { label: 'Clear filters', onClear: clearFilters } : undefined}
          link={
            user?.isAdmin
              ? { to: '/admin/resources', label: 'Add a resource' }
              : { to: '/docs', label: 'Read the docs' }
          }
        />
      }
    >
      {(r) => <ResourceCard resource={r} />}
    </CardList>
  );

  return (
    <PageFrame
      head={PAGE_HEADS['/resources']}
      actions={
        user?.isAdmin ? (
          <Link to="/admin/resources" className={buttonVariants({ variant: 'secondary' })}>
            <Settings2 aria-hidden="true" />
            Manage resources
          </Link>
        ) : undefined
      }
    >
      <div className="grid gap-4">
        <div className="relative max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            Search resources by title
          </label>
          <Search
            className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-subtle"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={MSG.resource.search}
            className="pl-10 pr-12 [&::-webkit-search-cancel-button]:hidden"
            autoComplete="off"
            maxLength={LIMITS.searchChars}
          />
          {query ? (
            <button
              type="button"
              onClick={() => setQuery('')}
              className="absolute right-0 top-0 grid size-11 place-items-center rounded-xl text-muted hover:text-fg"
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Clear the search</span>
            </button>
          ) : null}
        </div>
        {categories.length > 0 ? (
          <FilterChips
            legend="Category"
            options={[ALL_CATEGORIES, ...categories].map((c) => ({
              value: c,
              label: c === ALL_CATEGORIES ? 'All' : c,
            }))}
            value={activeCategory}
            onChange={setCategory}
            isSelected={(c) => activeCategory.toLowerCase() === c.toLowerCase()}
            className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1 no-scrollbar sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
            chipClassName="shrink-0"
          />
        ) : null}
        {list.data && narrowed ? (
          <p className="text-sm text-muted" role="status">
            {shown.length}
            {paged.hasMore ? '+' : ''} {shown.length === 1 && !paged.hasMore ? 'resource' : 'resources'} found
          </p>
        ) : null}
      </div>
      {body}
    </PageFrame>
  );
}
