import { useQueryClient } from '@tanstack/react-query';
import {
  Check,
  CloudOff,
  Copy,
  Globe,
  Link2,
  LogIn,
  Mail,
  Pencil,
  Sparkles,
  Users,
  UserX,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { lazy, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { GitHubIcon, XIcon } from '@/client/components/brand-icons';
import { EmptyState } from '@/client/components/empty-state';
import { LazyPart } from '@/client/components/lazy-part';
import { Loading } from '@/client/components/loading';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { StaleNotice } from '@/client/components/stale-notice';
import { StatCard, StatCardSkeletons } from '@/client/components/stat-card';
import { Badge } from '@/client/components/ui/badge';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Glow } from '@/client/components/ui/glow';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { byId, focusResult } from '@/client/lib/focus-result';
import { formatNumber } from '@/client/lib/format';
import { whenIdle } from '@/client/lib/idle';
import { ME_QUERY_KEY } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { externalLinkProps } from '@/client/lib/url';
import { abbreviateCount, displayNameOr, FALLBACK_NAME } from '@/shared/format';
import { LIMITS } from '@/shared/limits';
import { roleLabel } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { Me } from '@/shared/schemas/account';
import { useProfile } from './api';
import { DevicesCard } from './devices-card';
import { MailPreferencesCard } from './mail-preferences-card';
import { PhotoUpload } from './photo-upload';
import { PublicProfileCard } from './public-profile-card';
import { displayUrl, socialLinks } from './social';
import { XpHistory } from './xp-history';

// The forms the member opens or scrolls down to (the profile editor; the two-factor and password
// cards at the foot of the page) load after the page's data, not with it: the form library and
// zod (about 40 KB gzip) come with them.
type ProfileFormType = typeof import('./profile-form').ProfileForm;
let loadedForm: ProfileFormType | undefined;
const profileForm = () =>
  import('./profile-form').then((m) => {
    loadedForm = m.ProfileForm;
    return m;
  });
/** The editor's component for one opening: the loaded one once its code is in (drawn at once),
 *  else a lazy one behind its placeholder, new each time, so an opening after a failed download
 *  tries again. */
const editorForm = () => loadedForm ?? lazy(() => profileForm().then((m) => ({ default: m.ProfileForm })));
const TwoFactorCard = lazy(() => import('./two-factor-card').then((m) => ({ default: m.TwoFactorCard })));
const PasswordCard = lazy(() => import('./password-card').then((m) => ({ default: m.PasswordCard })));

/** Where a form will be while its code loads: bars of its size, so nothing jumps when it comes. */
function FormSkeleton({ label, bars }: { label: string; bars: string[] }) {
  return (
    <Loading label={label}>
      <SkeletonBars className="grid gap-8 lg:gap-6" bars={bars} />
    </Loading>
  );
}

/** Copies with the Clipboard API; where it is missing or denied, selects the text (and tries the legacy command). */
async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallbackInput) return false;
    fallbackInput.focus();
    fallbackInput.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

function SocialLink({
  href,
  label,
  text,
  icon: Icon,
}: {
  href: string | null;
  label: string;
  text: string;
  icon: ComponentType<{ className?: string }>;
}) {
  if (!href) return null;
  return (
    <a
      href={href}
      {...externalLinkProps}
      aria-label={`${label}: ${text} (opens in a new tab)`}
      className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-xl border border-line bg-surface-2 px-3.5 text-sm text-fg-soft transition-colors hover:border-line-strong hover:text-fg"
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{text}</span>
    </a>
  );
}

function InviteCard({ uid }: { uid: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const inviteLink = `${window.location.origin}/signup?ref=${encodeURIComponent(uid)}`;

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), LIMITS.toastSuccessMs);
    return () => window.clearTimeout(t);
  }, [copied]);

  const onCopy = async () => {
    if (await copyText(inviteLink, inputRef.current)) {
      setCopied(true);
      toast.success(MSG.profile.referralCopied);
    }
  };

  return (
    <section aria-labelledby="invite-title" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <div className="flex items-start gap-4">
        <IconTile icon={Link2} tone="gradient" />
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
            className="min-w-0 font-mono text-sm sm:text-sm"
          />
          <Button onClick={onCopy} className="sm:w-36">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {MSG.profile.copyLink}
          </Button>
        </div>
      </div>
    </section>
  );
}

export function ProfileSkeleton() {
  return (
    <Loading label="Loading profile" className="grid gap-8">
      <div className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
        <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
          <Skeleton className="size-24 rounded-full" />
          <SkeletonBars
            className="grid w-full flex-1 justify-items-center gap-3 sm:justify-items-start"
            bars={['h-3 w-16', 'h-8 w-full max-w-64', 'h-5 w-full max-w-80', 'mt-2 h-4 w-full max-w-xl']}
          />
        </div>
      </div>
      <StatCardSkeletons count={2} className="grid grid-cols-2 gap-3 sm:gap-4" />
      <Skeleton className="h-44 rounded-2xl" />
    </Loading>
  );
}

function ProfileView({ me, onChange }: { me: Me; onChange: (me: Me) => void }) {
  // The editor's component is chosen as it opens and kept while it is open (editorForm).
  const [editor, setEditor] = useState<{ Form: ReturnType<typeof editorForm> } | null>(null);
  const editing = editor !== null;
  const setEditing = (open: boolean) => setEditor(open ? { Form: editorForm() } : null);
  const closeEditor = () => {
    setEditing(false);
    // Back to the profile, on the button that opened the editor (issue 20).
    focusResult(byId('edit-profile'));
  };
  const name = displayNameOr(me.displayName, FALLBACK_NAME.rankTable);
  const links = socialLinks(me);
  const hasLinks = !!(links.twitter || links.github || links.website);
  const handleText = (h: string | null) => `@${(h ?? '').replace(/^@/, '')}`;
  // /profile#security (the admin screens' two-factor notice, security mail) opens at that section.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#security') document.getElementById('security')?.scrollIntoView();
  }, [hash]);
  // The editor's code is fetched once the page is idle, so "Edit profile" opens it at once.
  useEffect(() => whenIdle(() => void profileForm().catch(() => undefined)), []);

  return (
    <>
      <section
        aria-labelledby="profile-name"
        className="relative overflow-hidden rounded-3xl border border-line bg-surface p-6 sm:p-8"
      >
        <Glow className="-right-24 -top-24 size-72 opacity-15" />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-start">
          <PhotoUpload me={me} onUploaded={onChange} />
          <div className="min-w-0 flex-1 text-center sm:text-left">
            <h2 id="profile-name" className="break-words text-3xl font-semibold tracking-tight text-fg">
              {name}
            </h2>
            <div className="mt-3 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-muted sm:justify-start">
              <Badge tone="accent">{roleLabel(me.role)}</Badge>
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">E-mail: </span>
                <span className="break-all">{me.email}</span>
              </span>
            </div>
            {!editing ? (
              <>
                {me.bio ? (
                  <p className="mt-5 max-w-2xl whitespace-pre-line break-words leading-7 text-fg-soft">
                    {me.bio}
                  </p>
                ) : (
                  <p className="mt-5 text-sm text-subtle">No bio yet. Tell people what you build.</p>
                )}
                {hasLinks ? (
                  <div className="mt-5 flex flex-wrap justify-center gap-2 sm:justify-start">
                    <SocialLink
                      href={links.twitter}
                      label="Twitter"
                      text={handleText(me.twitterHandle)}
                      icon={XIcon}
                    />
                    <SocialLink
                      href={links.github}
                      label="GitHub"
                      text={handleText(me.githubHandle)}
                      icon={GitHubIcon}
                    />
                    <SocialLink
                      href={links.website}
                      label="Website"
                      text={links.website ? displayUrl(links.website) : ''}
                      icon={Globe}
                    />
                  </div>
                ) : null}
              </>
            ) : null}
          </div>
          {!editing ? (
            <Button
              id="edit-profile"
              variant="secondary"
              className="sm:self-start"
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
              {MSG.profile.editProfile}
            </Button>
          ) : null}
        </div>
        {editing ? (
          <div className="relative mt-8 border-t border-line pt-6">
            <LazyPart
              placeholder={<FormSkeleton label="Loading the profile form" bars={['h-96 rounded-2xl']} />}
              failed={
                <div role="alert" className="grid justify-items-start gap-3 text-sm text-muted">
                  <p data-testid="part-failed">{MSG.common.dialogUnavailable}</p>
                  <Button variant="secondary" onClick={closeEditor}>
                    Back to your profile
                  </Button>
                </div>
              }
            >
              <editor.Form
                me={me}
                onCancel={closeEditor}
                onSaved={(user) => {
                  onChange(user);
                  closeEditor();
                }}
              />
            </LazyPart>
          </div>
        ) : null}
      </section>

      <section aria-label="Your stats" className="grid grid-cols-2 gap-3 sm:gap-4">
        <StatCard
          label="XP"
          value={formatNumber(me.pointBalance)}
          icon={<Sparkles />}
          accent
          hint={MSG.leaderboard.xpPoints}
        />
        <StatCard
          label={MSG.profile.smartConnection}
          value={abbreviateCount(me.referralCount)}
          icon={<Users />}
          hint="Friends who joined with your link"
        />
      </section>

      <div className="grid items-start grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-6">
        <InviteCard uid={me.uid} />
        <XpHistory />
      </div>

      <div id="security" className="grid scroll-mt-24 items-start grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-6">
        <DevicesCard />
        <div className="grid gap-8 lg:gap-6">
          <LazyPart
            placeholder={<FormSkeleton label="Loading two-factor settings" bars={['h-44 rounded-2xl']} />}
          >
            <TwoFactorCard enabled={me.twoFactorEnabled} />
          </LazyPart>
          <LazyPart
            placeholder={<FormSkeleton label="Loading the password form" bars={['h-80 rounded-2xl']} />}
          >
            <PasswordCard />
          </LazyPart>
          <MailPreferencesCard prefs={me.mailPreferences} />
          <PublicProfileCard me={me} />
        </div>
      </div>
    </>
  );
}

export function ProfilePage() {
  const queryClient = useQueryClient();
  const profile = useProfile();
  const me = profile.data;

  /** A fresh user from the server: the profile cache and the session (top bar avatar) at once. */
  const onChange = (user: Me) => {
    profile.setData(user);
    queryClient.setQueryData(ME_QUERY_KEY, user);
  };

  return (
    <PageFrame head={PAGE_HEADS['/profile']}>
      {profile.isRefreshing && profile.isFromCache ? (
        <p
          className="-mb-4 inline-flex items-center gap-1.5 justify-self-end text-xs text-subtle"
          role="status"
        >
          <Spinner className="size-3.5" /> Updating…
        </p>
      ) : null}
      <StaleNotice what="your profile" view={profile} onRetry={() => void profile.refetch()} />

      {me ? (
        <ProfileView me={me} onChange={onChange} />
      ) : me === null ? (
        <EmptyState
          icon={<UserX />}
          title={MSG.profile.notFound}
          description="Your session may have ended. Log in again to see your profile."
          action={
            <Link to="/login" className={buttonVariants()}>
              <LogIn aria-hidden="true" />
              {MSG.nav.login}
            </Link>
          }
        />
      ) : profile.error ? (
        <EmptyState
          icon={<CloudOff />}
          title={MSG.profile.loadFailed}
          description={errorMessage(profile.error)}
          action={<Button onClick={() => void profile.refetch()}>Try again</Button>}
        />
      ) : (
        <ProfileSkeleton />
      )}
    </PageFrame>
  );
}
