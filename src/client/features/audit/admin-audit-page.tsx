/**
 * /admin/audit: the audit log, newest first, filtered by actor, action, day and the
 * member an entry is about, one keyset page at a time ("Older entries" asks for the page
 * before the last id shown). The filters are the URL's query (/admin/audit?target=…, the
 * member page's "Audit trail" link): a view to share, kept on reload, undone by Back.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/client/components/empty-state';
import { FilterForm, FilterSelect, useUrlFilterForm } from '@/client/components/filter-form';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { QueryList } from '@/client/components/query-states';
import { RefreshButton } from '@/client/components/refresh-button';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Skeleton } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { client, ok } from '@/client/lib/api';
import { moreOf } from '@/client/lib/paged';
import { MSG } from '@/shared/messages';
import { type AuditFilterKey, type AuditFilters, auditFiltersFrom } from '@/shared/rules/audit-filters';
import type { AuditEntry, AuditPage } from '@/shared/schemas/audit';
import { actionLabel, changesOf, ID_ONLY_FOR_MACHINES, targetKind } from './entry-text';

const M = MSG.moderation;

/** Each filter's name on the page, for the link's values set aside. */
const FILTER_NAMES: Record<AuditFilterKey, string> = {
  actor: M.actorFilter,
  action: M.actionFilter,
  from: M.fromFilter,
  to: M.toFilter,
  target: M.targetFilter,
};

const readFilters = (query: URLSearchParams) => auditFiltersFrom((k) => query.get(k));

const auditQuery = (f: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', f],
    queryFn: ({ signal, pageParam }): Promise<AuditPage> =>
      ok(client.GET('/admin/audit', { params: { query: { ...f, before: pageParam } }, signal })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

const memberLink = 'font-medium text-fg underline-offset-4 hover:underline';

function Target({ e }: { e: AuditEntry }) {
  if (ID_ONLY_FOR_MACHINES.has(e.targetType))
    return <p className="text-sm text-muted">{targetKind(e.targetType)}</p>;
  const name = e.targetLabel ? `“${e.targetLabel}”` : e.targetId;
  return (
    <p className="break-words text-sm text-fg-soft">
      <span className="text-muted">{targetKind(e.targetType)} · </span>
      {e.targetType === 'user' ? (
        <Link to={`/admin/users/${encodeURIComponent(e.targetId)}`} className={memberLink}>
          {name}
        </Link>
      ) : (
        name
      )}
    </p>
  );
}

function Changes({ e }: { e: AuditEntry }) {
  const changes = changesOf(e.before, e.after);
  if (changes.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Changes">
      {changes.map((c) => (
        <li key={c.field} className="[overflow-wrap:anywhere]">
          <span className="font-medium text-fg-soft">{c.field}</span>:{' '}
          {c.before === undefined ? c.after : `${c.before} → ${c.after}`}
        </li>
      ))}
    </ul>
  );
}

function EntryRow({ e }: { e: AuditEntry }) {
  const actor = e.actorName ?? e.actorId;
  return (
    <li className="grid gap-1.5 rounded-2xl border border-line bg-surface p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral" title={e.action}>
          {actionLabel(e.action)}
        </Badge>
        {e.actorId && actor ? (
          <Link to={`/admin/users/${encodeURIComponent(e.actorId)}`} className={`text-sm ${memberLink}`}>
            {actor}
          </Link>
        ) : (
          <span className="text-sm text-fg">{M.system}</span>
        )}
        <span className="ml-auto text-xs text-muted">
          <When at={e.at} as="dateTime" />
        </span>
      </div>
      <Target e={e} />
      <Changes e={e} />
      {e.reason ? <p className="break-words text-sm text-fg-soft">“{e.reason}”</p> : null}
    </li>
  );
}

/** Whom the target filter names: their name (a link to their page), or that no member has the id; and the way back to every member. */
function TargetFilter({
  id,
  member,
  known,
  onClear,
}: {
  id: string;
  member: AuditPage['target'] | undefined;
  /** The log has answered, so a missing member is missing. */
  known: boolean;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="audit-target">
      <span className="text-muted">{M.targetFilter}:</span>
      {member ? (
        <Link to={`/admin/users/${encodeURIComponent(member.id)}`} className={memberLink}>
          {member.name}
        </Link>
      ) : (
        <span className="min-w-0 break-all text-fg-soft">{id}</span>
      )}
      {!member && known ? <span className="text-declined">{M.targetUnknown}</span> : null}
      <Button variant="secondary" size="sm" onClick={onClear}>
        {M.clearTarget}
      </Button>
    </div>
  );
}

export function AdminAuditPage() {
  const { filters, ignored, bind, apply, clear, drop } = useUrlFilterForm(readFilters);
  const filtered = Object.keys(filters).length > 0;
  // Days compare as written (YYYY-MM-DD): a From after the To holds no day at all.
  const reversed = !!filters.from && !!filters.to && filters.from > filters.to;
  const q = useInfiniteQuery(auditQuery(filters));
  const recorded = q.data?.pages[0]?.actions ?? [];
  // A link's action the log has not recorded (yet) is still the filter in use: the list says so.
  const actions =
    filters.action && !recorded.includes(filters.action) ? [...recorded, filters.action] : recorded;
  const entries = q.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <PageFrame
      head={PAGE_HEADS['/admin/audit']}
      actions={<RefreshButton fetching={q.isFetching} onRefresh={() => void q.refetch()} />}
    >
      <FilterForm onApply={apply} className="gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Field label={M.actorFilter} {...bind('actor')} />
        <FilterSelect
          label={M.actionFilter}
          any={M.anyAction}
          choices={actions.map((a) => [a, actionLabel(a)] as const)}
          {...bind('action')}
        />
        <Field label={M.fromFilter} type="date" {...bind('from')} />
        <Field label={M.toFilter} type="date" {...bind('to')} />
      </FilterForm>
      {ignored.length > 0 ? (
        <Alert tone="info">
          {M.filtersIgnored} {ignored.map((k) => FILTER_NAMES[k as AuditFilterKey]).join(', ')}.
        </Alert>
      ) : null}
      {filters.target ? (
        <TargetFilter
          id={filters.target}
          member={q.data?.pages[0]?.target}
          known={q.isSuccess}
          onClear={() => drop('target')}
        />
      ) : null}
      <QueryList
        query={q}
        items={entries}
        loading={{ label: 'Loading the audit log', count: 3, row: <Skeleton className="h-20 w-full" /> }}
        fallback={M.auditLoadFailed}
        empty={
          <EmptyState
            icon={<ScrollText />}
            title={filtered ? M.auditEmpty : M.auditNone}
            description={
              reversed ? '“From” is after “To”, so no day lies between them: swap the two dates.' : undefined
            }
            action={
              filtered ? (
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              ) : undefined
            }
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
