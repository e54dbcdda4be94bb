/**
 * /admin/users: the users console. The server searches, filters and sorts; the page
 * asks for one keyset page at a time ("More users"). The filters in use are the page's
 * query string (/admin/users?role=startup&sort=xp): a filtered view is a link, survives a
 * reload, and Back from a member's page returns to it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { DownloadCsv } from '@/client/components/download-csv';
import { EmptyState } from '@/client/components/empty-state';
import { FilterForm, FilterSelect, useUrlFilterForm } from '@/client/components/filter-form';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { QueryList } from '@/client/components/query-states';
import { RefreshButton } from '@/client/components/refresh-button';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Field, SelectField } from '@/client/components/ui/field';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate, formatNumber } from '@/client/lib/format';
import { moreOf } from '@/client/lib/paged';
import { ROLE_FILTERS, roleFilterLabel, USER_STATUSES } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import { type UsersFilterKey, usersFiltersFrom } from '@/shared/rules/users-filters';
import type { UserRow } from '@/shared/schemas/users-admin';
import { type UsersFilters, usersQuery } from './api';
import { Standing } from './standing';

const M = MSG.moderation;

/** Each filter's name on the page, for a link's values set aside. */
const FILTER_NAMES: Record<UsersFilterKey, string> = {
  q: M.search,
  role: M.roleFilter,
  status: M.statusFilter,
  verified: M.verifiedFilter,
  disabled: M.disabledFilter,
  reviewer: M.reviewerFilter,
  sort: M.sortBy,
};

const readFilters = (query: URLSearchParams) => usersFiltersFrom((k) => query.get(k));

const YES_NO = [
  ['yes', M.yes],
  ['no', M.no],
] as const;

function UserLine({ u }: { u: UserRow }) {
  return (
    <li>
      <Link
        to={`/admin/users/${encodeURIComponent(u.id)}`}
        className="grid gap-1 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-line-strong sm:flex sm:items-center sm:justify-between"
      >
        <span className="grid min-w-0 gap-0.5">
          <span className="truncate font-medium text-fg">{u.name}</span>
          <span className="break-all text-sm text-fg-soft">{u.email}</span>
        </span>
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <Standing u={u} />
          {u.disabled ? <Badge tone="declined">{M.disabledBadge}</Badge> : null}
          {u.verified ? null : <Badge tone="pending">{M.unverifiedBadge}</Badge>}
          <span className="tabular-nums text-fg-soft">{formatNumber(u.points)} XP</span>
          <span className="text-muted">{formatDate(u.joinedAt)}</span>
        </span>
      </Link>
    </li>
  );
}

export function AdminUsersPage() {
  const form = useUrlFilterForm(readFilters);
  const { ignored, bind, apply } = form;
  // Every value was checked against what the API takes (users-filters.ts).
  const filters = form.filters as UsersFilters;
  const q = useInfiniteQuery(usersQuery(filters));
  const users = q.data?.pages.flatMap((p) => p.users) ?? [];
  return (
    <PageFrame
      head={PAGE_HEADS['/admin/users']}
      actions={
        <div className="flex items-center gap-2">
          <DownloadCsv
            path="/admin/exports/users"
            query={{
              q: filters.q,
              role: filters.role,
              status: filters.status,
              verified: filters.verified,
              disabled: filters.disabled,
              reviewer: filters.reviewer,
            }}
          />
          <RefreshButton fetching={q.isFetching} onRefresh={() => void q.refetch()} />
        </div>
      }
    >
      <FilterForm onApply={apply} className="grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-4">
        {/* Two columns on a phone too: seven filters one under the other hid the first member. */}
        <Field label={M.search} type="search" className="col-span-2" {...bind('q')} />
        <FilterSelect
          label={M.roleFilter}
          any={M.anyRole}
          choices={ROLE_FILTERS.map((r) => [r, roleFilterLabel(r)] as const)}
          {...bind('role')}
        />
        <FilterSelect
          label={M.statusFilter}
          any={M.anyStatus}
          choices={USER_STATUSES.map((st) => [st, st] as const)}
          {...bind('status')}
        />
        <FilterSelect label={M.verifiedFilter} any={M.any} choices={YES_NO} {...bind('verified')} />
        <FilterSelect label={M.disabledFilter} any={M.any} choices={YES_NO} {...bind('disabled')} />
        <FilterSelect label={M.reviewerFilter} any={M.any} choices={YES_NO} {...bind('reviewer')} />
        <SelectField label={M.sortBy} {...bind('sort')}>
          <option value="joined">{M.sortJoined}</option>
          <option value="xp">{M.sortXp}</option>
        </SelectField>
      </FilterForm>
      {ignored.length > 0 ? (
        <Alert tone="info">
          {M.filtersIgnored} {ignored.map((k) => FILTER_NAMES[k as UsersFilterKey]).join(', ')}.
        </Alert>
      ) : null}
      <QueryList
        query={q}
        items={users}
        loading={{ label: 'Loading users', count: 4, row: <Skeleton className="h-16 w-full" /> }}
        fallback={M.usersLoadFailed}
        empty={<EmptyState icon={<Users />} title={M.usersEmpty} />}
        label={M.usersTitle}
        more={{ label: M.moreUsers, pages: moreOf(q) }}
      >
        {(u) => <UserLine key={u.id} u={u} />}
      </QueryList>
    </PageFrame>
  );
}
