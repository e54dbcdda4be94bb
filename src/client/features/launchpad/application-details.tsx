/**
 * A project application's links and goals as sent: the admin's card shows them to decide on,
 * and the applicant's own status card under "What you sent".
 */
import { ExternalLink, FileText, Globe, Send, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { GitHubIcon, XIcon } from '@/client/components/brand-icons';
import { ExpandableText } from '@/client/components/expandable-text';
import { safeHref } from '@/shared/links';
import type { ProjectApplicationView } from '@/shared/schemas/projects';

/** A stored link, shown as a link only when it is http(s) (principle 5, docs/architecture.md). */
function LinkRow({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string | null;
  icon: ComponentType<{ className?: string }>;
}) {
  if (!value) return null;
  const href = safeHref(value);
  let shown = value;
  if (href) {
    const u = new URL(href);
    shown = `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  }
  return (
    <div className="grid min-w-0 gap-1 py-2.5 sm:flex sm:items-start sm:gap-3 sm:py-2">
      <dt className="flex shrink-0 items-start gap-2.5 text-sm text-muted sm:w-36">
        <Icon className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
        {label}
      </dt>
      <dd className="min-w-0 flex-1 pl-6.5 text-sm sm:pl-0">
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-start gap-1 rounded text-accent-to underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to"
          >
            <span className="break-all">{shown}</span>
            <ExternalLink className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <span className="break-all text-fg-soft">{value}</span>
        )}
      </dd>
    </div>
  );
}

export function ApplicationDetails({ a }: { a: ProjectApplicationView }) {
  return (
    <>
      <dl className="grid divide-y divide-line/60 rounded-xl border border-line bg-ink-2/60 px-4 py-1 md:grid-cols-2 md:gap-x-6 md:divide-y-0">
        <LinkRow label="Website" value={a.website} icon={Globe} />
        <LinkRow label="Whitepaper" value={a.whitepaper} icon={FileText} />
        <LinkRow label="GitHub" value={a.github} icon={GitHubIcon} />
        <LinkRow label="X account" value={a.xAccount} icon={XIcon} />
        <LinkRow label="Team member 1" value={a.teamMembers[0] ?? null} icon={Users} />
        <LinkRow label="Team member 2" value={a.teamMembers[1] ?? null} icon={Users} />
        <LinkRow label="Telegram" value={a.telegram} icon={Send} />
      </dl>
      <ExpandableText heading="Goals" text={a.goals} lines={4} maxChars={280} />
    </>
  );
}
