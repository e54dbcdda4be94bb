/**
 * /admin/users/:id: one user as the admin sees them: profile and role, the XP ledger
 * with reasons, their items (counts and the latest), referrals and active sessions.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { openWhile } from '@/client/components/lazy-dialog';
import { PageFrame, type PageHead } from '@/client/components/page-frame';
import { Loading, QueryError } from '@/client/components/query-states';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { SelectField } from '@/client/components/ui/field';
import { Skeleton, SkeletonText } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { formatDate, formatDateTime, formatNumber } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';
import { MODERATION_REASON_MAX } from '@/shared/limits';
import { ROLES, type Role, roleLabel, statusLabel } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { UserDetail } from '@/shared/schemas/users-admin';
import { userQuery, useSetDisabled, useSetRole } from './api';
import { ReviewerControl } from './reviewer-control';
import { Standing } from './standing';
import { XpCorrection } from './xp-corrections';
import { XpLedger } from './xp-ledger';

const M = MSG.moderation;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="grid content-start gap-3 rounded-2xl border border-line bg-surface p-5"
    >
      <h2 className="font-display text-lg text-fg">{title}</h2>
      {children}
    </section>
  );
}

function Items({ title, list }: { title: string; list: UserDetail['contributions'] }) {
  return (
    <Section title={`${title} (${list.count})`}>
      {list.recent.length === 0 ? (
        <p className="text-sm text-muted">None.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {list.recent.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 truncate text-fg-soft">{i.title}</span>
              <span className="flex items-center gap-2">
                <Badge tone="neutral">{statusLabel(i.status)}</Badge>
                <span className="text-xs text-muted">{formatDate(i.at)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Person({ p }: { p: { id: string; name: string } }) {
  return (
    <Link
      to={`/admin/users/${encodeURIComponent(p.id)}`}
      className="text-accent-from underline-offset-4 hover:underline"
    >
      {p.name}
    </Link>
  );
}

function DisableControl({ u }: { u: UserDetail['user'] }) {
  const [open, setOpen] = useState(false);
  const disable = !u.disabled;
  const m = useSetDisabled(u.id, {
    onSuccess: () => {
      setOpen(false);
      toast.success(disable ? M.disabledDone : M.enabledDone);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (u.isAdmin) return null;
  return (
    <>
      <Button variant={disable ? 'danger' : 'secondary'} pending={m.isPending} onClick={() => setOpen(true)}>
        {disable ? M.disable : M.enable}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={disable ? M.disable : M.enable}
        label={M.reasonLabel}
        required
        maxLength={MODERATION_REASON_MAX}
        confirmLabel={disable ? M.disable : M.enable}
        tone={disable ? 'danger' : 'primary'}
        onConfirm={(reason) => m.mutate({ disable, reason })}
      />
    </>
  );
}

function RoleControl({ u }: { u: UserDetail['user'] }) {
  const [role, setRole] = useState<Role | null>(null);
  const m = useSetRole(u.id, {
    onSuccess: () => {
      setRole(null);
      toast.success(M.roleChanged);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (u.isAdmin) return null;
  return (
    <>
      <SelectField
        label={M.changeRole}
        value={u.role}
        disabled={m.isPending}
        onChange={(e) => setRole(e.target.value as Role)}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </SelectField>
      <ReasonDialog
        {...openWhile(role, setRole)}
        title={`${M.changeRole}: ${role ?? ''}`}
        label={M.reasonLabel}
        required
        maxLength={MODERATION_REASON_MAX}
        confirmLabel={M.changeRole}
        onConfirm={(reason) => role && m.mutate({ role, reason })}
      />
    </>
  );
}

/**
 * The page's title block: the member's name over their e-mail. The server draws the same
 * block into the page it sends the admin (client-serving.ts), so it shows before the app.
 */
const userHead = (name: ReactNode, email: ReactNode): PageHead => ({
  back: { to: '/admin/users', label: M.usersTitle },
  eyebrow: 'Admin · User',
  title: name,
  description: email,
});

function DetailSkeleton() {
  return (
    <Loading label="Loading the user" className="grid gap-4 md:grid-cols-2">
      <Skeleton className="h-40 w-full rounded-2xl" />
    </Loading>
  );
}

/** The static first paint's page (app/static-shell.tsx): the server fills in the name and e-mail. */
export function AdminUserShell({ name, line }: { name?: string; line?: string }) {
  // Inline placeholders: the title block's h1 and p hold phrasing content only.
  const title = name ?? <SkeletonText className="w-64 max-w-full" />;
  return (
    <PageFrame head={userHead(title, line ?? <SkeletonText className="w-48" />)} gap="gap-6">
      <DetailSkeleton />
    </PageFrame>
  );
}

function Detail({ d }: { d: UserDetail }) {
  const u = d.user;
  return (
    <PageFrame
      gap="gap-6"
      head={userHead(u.name, u.email)}
      actions={
        <div className="flex flex-wrap items-end gap-3">
          <RoleControl u={u} />
          <DisableControl u={u} />
        </div>
      }
    >
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="user-state">
        <Standing u={u} />
        {u.disabled ? <Badge tone="declined">{M.disabledBadge}</Badge> : null}
        {u.verified ? null : <Badge tone="pending">{M.unverifiedBadge}</Badge>}
        <span className="tabular-nums text-fg-soft">{formatNumber(u.points)} XP</span>
        <span className="text-muted">joined {formatDate(u.joinedAt)}</span>
        <Link
          to={`/admin/audit?${new URLSearchParams({ target: u.id })}`}
          className="inline-flex items-center gap-1.5 font-medium text-accent-from underline-offset-4 hover:underline"
        >
          <ScrollText className="size-4" aria-hidden="true" />
          {M.auditTrail}
        </Link>
      </div>
      {u.disabled && u.disabledReason ? (
        <p className="text-sm text-declined">
          Disabled {u.disabledAt ? formatDateTime(u.disabledAt) : ''}: “{u.disabledReason}”
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Profile">
          <dl className="grid gap-1 text-sm">
            {(
              [
                // Status is the startup approval (spec §3); for the other roles it means nothing.
                ...(u.role === 'startup'
                  ? [['Approval', u.status === 'approved' ? 'Approved startup' : 'Not approved yet']]
                  : []),
                ['Bio', u.bio],
                ['X', u.twitterHandle],
                ['GitHub', u.githubHandle],
                ['Website', u.personalWebsite],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="flex gap-2">
                <dt className="w-20 shrink-0 text-muted">{k}</dt>
                <dd className="min-w-0 break-words text-fg-soft">{v || '—'}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section title="Referrals">
          <p className="text-sm text-fg-soft">Referred by: {d.referrer ? <Person p={d.referrer} /> : '—'}</p>
          {d.referred.count === 0 ? (
            <p className="text-sm text-muted">Has not referred anyone yet.</p>
          ) : (
            <>
              <p className="text-sm text-fg-soft">
                Referred {d.referred.count}
                {d.referred.count > d.referred.recent.length
                  ? `, the latest ${d.referred.recent.length}:`
                  : ':'}
              </p>
              <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {d.referred.recent.map((p) => (
                  <li key={p.id}>
                    <Person p={p} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>
        <ReviewerControl u={u} />
        <Section title="XP ledger">
          <XpLedger userId={u.id} ledger={d.ledger} />
          <XpCorrection u={u} />
        </Section>
        <Section title={`Active sessions (${d.sessions.length})`}>
          {d.sessions.length === 0 ? <p className="text-sm text-muted">None.</p> : null}
          <ul className="grid gap-2 text-sm">
            {d.sessions.map((s) => (
              <li key={s.id} className="grid gap-0.5">
                <span className="text-fg-soft" title={s.userAgent ?? undefined}>
                  {s.device}
                </span>
                <span className="text-xs text-muted">
                  {s.ipAddress ?? '—'} · last seen {formatDateTime(s.lastSeenAt)} · since{' '}
                  {formatDate(s.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Items title="Contributions" list={d.contributions} />
        <Items title="Project applications" list={d.projectApplications} />
        <Items title="Grants" list={d.grants} />
        <Items title="Bounty requests" list={d.bountyApplications} />
        <Items title="Bounties applied to" list={d.bountiesApplied} />
      </div>
    </PageFrame>
  );
}

export function AdminUserPage() {
  const { id = '' } = useParams();
  const q = useQuery(userQuery(id));
  if (q.isPending) return <AdminUserShell name={undefined} line={undefined} />;
  if (q.isError)
    return (
      <PageFrame head={userHead(M.userTitle, undefined)} gap="gap-6">
        <QueryError query={q} fallback={M.userLoadFailed} />
      </PageFrame>
    );
  return <Detail d={q.data} />;
}

/** Before the first render (app/boot.tsx): the page's data, which the served page preloads. */
export const firstData = (qc: QueryClient, params: { id?: string }) =>
  params.id ? qc.prefetchQuery(userQuery(params.id)) : Promise.resolve();
