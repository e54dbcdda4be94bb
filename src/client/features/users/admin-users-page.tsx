/**
 * /admin/users: the users console. The server searches, filters and sorts; the page
 * asks for one keyset page at a time ("More users").
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { DownloadCsv } from '@/client/components/download-csv';
import { EmptyState } from '@/client/components/empty-state';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { QueryList } from '@/client/components/query-states';
import { RefreshButton } from '@/client/components/refresh-button';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Field, SelectField } from '@/client/components/ui/field';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatDate, formatNumber } from '@/client/lib/format';
import { moreOf } from '@/client/lib/paged';
import { ROLES, USER_STATUSES } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { UserRow } from '@/shared/schemas/users-admin';
import { type UsersFilters, usersQuery } from './api';

const M = MSG.moderation;

function clean(f: UsersFilters): UsersFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as UsersFilters;
}

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
          <Badge tone="neutral">{u.role}</Badge>
          {u.reviewer ? <Badge tone="approved">{MSG.reviewers.reviewerBadge}</Badge> : null}
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
  const [draft, setDraft] = useState<UsersFilters>({ sort: 'joined' });
  const [filters, setFilters] = useState<UsersFilters>({ sort: 'joined' });
  const q = useInfiniteQuery(usersQuery(filters));
  const users = q.data?.pages.flatMap((p) => p.users) ?? [];
  const set = (k: keyof UsersFilters) => (ev: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: ev.target.value }));
  const apply = (ev: FormEvent) => {
    ev.preventDefault();
    setFilters(clean(draft));
  };
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
      <form
        onSubmit={apply}
        className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Filters"
      >
        <Field
          label={M.search}
          type="search"
          value={draft.q ?? ''}
          onChange={set('q')}
          className="sm:col-span-2"
        />
        <SelectField label={M.roleFilter} value={draft.role ?? ''} onChange={set('role')}>
          <option value="">{M.anyRole}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <SelectField label={M.statusFilter} value={draft.status ?? ''} onChange={set('status')}>
          <option value="">{M.anyStatus}</option>
          {USER_STATUSES.map((st) => (
            <option key={st} value={st}>
              {st}
            </option>
          ))}
        </SelectField>
        <SelectField label={M.verifiedFilter} value={draft.verified ?? ''} onChange={set('verified')}>
          <option value="">{M.any}</option>
          <option value="yes">{M.yes}</option>
          <option value="no">{M.no}</option>
        </SelectField>
        <SelectField label={M.disabledFilter} value={draft.disabled ?? ''} onChange={set('disabled')}>
          <option value="">{M.any}</option>
          <option value="yes">{M.yes}</option>
          <option value="no">{M.no}</option>
        </SelectField>
        <SelectField label={M.reviewerFilter} value={draft.reviewer ?? ''} onChange={set('reviewer')}>
          <option value="">{M.any}</option>
          <option value="yes">{M.yes}</option>
          <option value="no">{M.no}</option>
        </SelectField>
        <SelectField label={M.sortBy} value={draft.sort ?? 'joined'} onChange={set('sort')}>
          <option value="joined">{M.sortJoined}</option>
          <option value="xp">{M.sortXp}</option>
        </SelectField>
        <Button type="submit" className="w-fit">
          Apply
        </Button>
      </form>
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
