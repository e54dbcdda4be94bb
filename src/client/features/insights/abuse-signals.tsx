import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/client/lib/format';
import type { Insights } from '@/shared/schemas/insights';

type Who = { id: string; name: string | null };
const names = (list: Who[]) => list.map((w) => w.name ?? w.id).join(', ');

function Signal({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-fg-soft">{title}</h3>
      {empty ? (
        <p className="text-sm text-muted">Nothing flagged.</p>
      ) : (
        <ul className="grid gap-2">{children}</ul>
      )}
    </div>
  );
}

const item = 'rounded-xl border border-pending/30 bg-pending/5 px-3 py-2 text-sm text-fg-soft break-words';

/** Flags for a person to look at; nothing here disables or bans anyone. */
export function AbuseSignals({ data }: { data: Insights['abuse'] }) {
  const t = data.thresholds;
  return (
    <section
      aria-labelledby="abuse"
      className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      data-testid="abuse-signals"
    >
      <h2 id="abuse" className="flex items-center gap-2 text-base font-semibold text-fg">
        <ShieldAlert className="size-4 text-pending" aria-hidden="true" />
        Abuse signals (flags only)
      </h2>
      <Signal title="Same link from different accounts" empty={data.sharedLinks.length === 0}>
        {data.sharedLinks.map((l) => (
          <li key={l.link} className={item}>
            <span className="font-medium text-fg">{l.link}</span> — {l.accounts} accounts: {names(l.users)}
          </li>
        ))}
      </Signal>
      <Signal
        title={`Referred sign-ups from one address (${t.ipClusterMin}+ within ${t.ipClusterWindow})`}
        empty={data.ipClusters.length === 0}
      >
        {data.ipClusters.map((c) => (
          <li key={c.ip} className={item}>
            <span className="font-medium text-fg">{c.ip}</span> — {c.accounts} accounts ({names(c.users)}),
            referred by {names(c.referrers)}, {formatDateTime(c.first)} to {formatDateTime(c.last)}
          </li>
        ))}
      </Signal>
      <Signal
        title={`Exactly 5 submissions a day on ${t.steadyDays} days or more`}
        empty={data.steadyAtLimit.length === 0}
      >
        {data.steadyAtLimit.map((s) => (
          <li key={s.id} className={item}>
            <span className="font-medium text-fg">{s.name ?? s.id}</span> — {s.days} days at the limit
          </li>
        ))}
      </Signal>
    </section>
  );
}
