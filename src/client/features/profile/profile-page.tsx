import { Check, Copy, Globe, Link2, Mail, Sparkles, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { useEffect, useRef, useState } from 'react';
import { abbreviateCount } from '../../../shared/format';
import { LIMITS } from '../../../shared/limits';
import { roleLabel } from '../../../shared/lists';
import { MSG } from '../../../shared/messages';
import { Avatar } from '../../components/avatar';
import { GitHubIcon, XIcon } from '../../components/brand-icons';
import { StatCard } from '../../components/stat-card';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { externalLinkProps, safeUrl } from '../../lib/url';

async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or a denied permission: select the text and use the legacy command.
    if (!fallbackInput) return false;
    fallbackInput.select();
    return document.execCommand('copy');
  }
}

function SocialLink({
  href,
  label,
  icon: Icon,
}: {
  href: string | undefined;
  label: string;
  icon: ComponentType<{ className?: string }>;
}) {
  if (!href) return null;
  return (
    <a
      href={href}
      {...externalLinkProps}
      className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-line bg-surface-2 px-3.5 text-sm text-fg-soft hover:border-line-strong hover:text-fg"
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}

export function ProfilePage() {
  const { user } = useSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), LIMITS.toastSuccessMs);
    return () => window.clearTimeout(t);
  }, [copied]);

  if (!user) return null;
  const name = user.displayName || user.email;
  const inviteLink = `${window.location.origin}/signup?ref=${encodeURIComponent(user.uid)}`;
  const twitter = user.twitterHandle
    ? safeUrl(`https://x.com/${user.twitterHandle.replace(/^@/, '')}`)
    : undefined;
  const github = user.githubHandle
    ? safeUrl(`https://github.com/${user.githubHandle.replace(/^@/, '')}`)
    : undefined;
  const website = safeUrl(user.personalWebsite);

  const onCopy = async () => {
    if (await copyText(inviteLink, inputRef.current)) {
      setCopied(true);
      toast.success(MSG.profile.referralCopied);
    }
  };

  return (
    <div className="container-content grid gap-8 pb-16 pt-8 sm:pt-12">
      <section
        aria-labelledby="profile-name"
        className="relative overflow-hidden rounded-3xl border border-line bg-surface p-6 sm:p-8"
      >
        <div
          className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-accent-gradient opacity-15 blur-3xl"
          aria-hidden="true"
        />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center">
          <Avatar seed={user.uid} photoURL={user.photoURL} size={88} className="ring-2 ring-accent-from/40" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold uppercase tracking-[0.14em] text-accent-from">Profile</p>
            <h1 id="profile-name" className="mt-1 break-words text-3xl font-semibold tracking-tight text-fg">
              {name}
            </h1>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
              <Badge tone="accent">{roleLabel(user.role)}</Badge>
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                <span className="break-all">{user.email}</span>
              </span>
            </div>
          </div>
        </div>
        {user.bio ? <p className="relative mt-6 max-w-2xl leading-7 text-fg-soft">{user.bio}</p> : null}
        {twitter || github || website ? (
          <div className="relative mt-6 flex flex-wrap gap-2">
            <SocialLink href={twitter} label="Twitter" icon={XIcon} />
            <SocialLink href={github} label="GitHub" icon={GitHubIcon} />
            <SocialLink href={website} label="Website" icon={Globe} />
          </div>
        ) : null}
      </section>

      <section aria-label="Your stats" className="grid grid-cols-2 gap-3 sm:gap-4">
        <StatCard
          label="XP"
          value={formatNumber(user.pointBalance)}
          icon={<Sparkles />}
          accent
          hint={MSG.leaderboard.xpPoints}
        />
        <StatCard
          label={MSG.profile.smartConnection}
          value={abbreviateCount(user.referralCount)}
          icon={<Users />}
          hint="Friends who joined with your link"
        />
      </section>

      <section aria-labelledby="invite-title" className="rounded-2xl border border-line bg-surface p-6">
        <div className="flex items-start gap-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-gradient text-ink">
            <Link2 className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="invite-title" className="text-lg font-semibold tracking-tight">
              Invite friends
            </h2>
            <p className="mt-1 text-sm leading-6 text-muted">
              When a friend signs up with your link and verifies their e-mail, you earn{' '}
              <span className="font-medium text-fg">+{LIMITS.referralRewardPoints} XP</span>.
            </p>
          </div>
        </div>
        <div className="mt-5 grid gap-2">
          <Label htmlFor="invite-link">Your invite link</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="invite-link"
              ref={inputRef}
              readOnly
              value={inviteLink}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-sm sm:text-sm"
            />
            <Button onClick={onCopy} className="sm:w-36">
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              Copy Link
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
