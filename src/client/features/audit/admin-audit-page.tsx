/**
 * /admin/audit: the audit log, newest first, filtered by actor, action and day, one
 * keyset page at a time ("Older entries" asks for the page before the last id shown).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { EmptyState } from '@/client/components/empty-state';
import { FilterSelect, useFilterForm } from '@/client/components/filter-form';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { QueryList } from '@/client/components/query-states';
import { RefreshButton } from '@/client/components/refresh-button';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Skeleton } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { client, ok } from '@/client/lib/api';
import { moreOf } from '@/client/lib/paged';
import { MSG } from '@/shared/messages';
import type { AuditEntry, AuditPage, AuditQuery } from '@/shared/schemas/audit';

const M = MSG.moderation;
type Filters = Omit<AuditQuery, 'before'>;

const auditQuery = (f: Filters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', f],
    queryFn: ({ signal, pageParam }): Promise<AuditPage> =>
      ok(client.GET('/admin/audit', { params: { query: { ...f, before: pageParam } }, signal })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

function EntryRow({ e }: { e: AuditEntry }) {
  return (
    <li className="grid gap-1 rounded-2xl border border-line bg-surface p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">{e.action}</Badge>
        <span className="text-sm text-fg">{e.actorName ?? e.actorId ?? M.system}</span>
        <span className="ml-auto text-xs text-muted">
          <When at={e.at} as="dateTime" />
        </span>
      </div>
      <p className="break-all text-sm text-fg-soft">
        {e.targetType} {e.targetId}
      </p>
      <p className="break-all text-xs text-muted">
        {show(e.before)} → {show(e.after)}
      </p>
      {e.reason ? <p className="break-words text-sm text-fg-soft">“{e.reason}”</p> : null}
    </li>
  );
}

export function AdminAuditPage() {
  const { filters, bind, apply } = useFilterForm<Filters>({});
  const q = useInfiniteQuery(auditQuery(filters));
  const actions = q.data?.pages[0]?.actions ?? [];
  const entries = q.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <PageFrame
      head={PAGE_HEADS['/admin/audit']}
      actions={<RefreshButton fetching={q.isFetching} onRefresh={() => void q.refetch()} />}
    >
      <form
        onSubmit={apply}
        className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-5"
        aria-label="Filters"
      >
        <Field label={M.actorFilter} {...bind('actor')} />
        <FilterSelect
          label={M.actionFilter}
          any={M.anyAction}
          choices={actions.map((a) => [a, a] as const)}
          {...bind('action')}
        />
        <Field label={M.fromFilter} type="date" {...bind('from')} />
        <Field label={M.toFilter} type="date" {...bind('to')} />
        <Button type="submit">Apply</Button>
      </form>
      <QueryList
        query={q}
        items={entries}
        loading={{ label: 'Loading the audit log', count: 3, row: <Skeleton className="h-20 w-full" /> }}
        fallback={M.auditLoadFailed}
        empty={
          <EmptyState
            icon={<ScrollText />}
            title={Object.keys(filters).length > 0 ? M.auditEmpty : M.auditNone}
          />
        }
        label={M.auditTitle}
        more={{ label: M.loadMore, pages: moreOf(q) }}
      >
        {(e) => <EntryRow key={e.id} e={e} />}
      </QueryList>
    </PageFrame>
  );
}
