import { AtSign, CircleCheck, LogOut, MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PendingButton } from '@/client/components/pending-button';
import { Glow } from '@/client/components/ui/glow';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useSession } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { discardUnverified, useSendVerification, useVerificationPoll } from './api';

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-content grid place-items-center py-10 sm:py-16">
      <div className="relative w-full max-w-lg animate-rise overflow-hidden rounded-3xl border border-line bg-surface p-6 text-center shadow-2xl shadow-black/40 sm:p-10">
        <Glow className="-top-28 left-1/2 h-56 w-80 -translate-x-1/2 opacity-15" />
        <div className="relative">{children}</div>
      </div>
    </div>
  );
}

/**
 * An address that wraps only at its "@" and dots, never inside a word (issue 20: the block
 * screen broke addresses mid-word on a phone).
 */
function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {p}
        </span>
      ))}
    </>
  );
}

/** The ways off the block screen; each signs out first (`leave`). */
const WAYS_OUT = [
  { why: 'change', variant: 'secondary', Icon: AtSign, label: 'Change e-mail' },
  { why: 'out', variant: 'ghost', Icon: LogOut, label: 'Log out' },
] as const;

/**
 * Spec §4: an unverified user sees this in place of a protected page. It re-reads
 * the session (GET /api/session) every 5 seconds; the guard swaps in the page once verified.
 */
export function VerificationBlock() {
  const { user, signOut } = useSession();
  const [leaving, setLeaving] = useState<'change' | 'out' | null>(null);
  const navigate = useNavigate();
  // Change e-mail: this account is not verified, so a new sign-up with the right address is
  // the way. The server discards this one first (its display name would otherwise stay taken),
  // then it starts signed out, on /signup, with the same referrer.
  const leave = async (why: 'change' | 'out') => {
    setLeaving(why);
    try {
      let next = '/signup';
      if (why === 'change') {
        try {
          const { referredBy } = await discardUnverified();
          if (referredBy) next = `/signup?ref=${encodeURIComponent(referredBy)}`;
        } catch (err) {
          toast.error(errorMessage(err));
          return;
        }
      }
      await signOut();
      if (why === 'change') navigate(next);
    } finally {
      setLeaving(null);
    }
  };
  // Polls the shared session query; every screen sees the fresh answer.
  useVerificationPoll();

  const resend = useSendVerification({
    onSuccess: () => toast.success(MSG.verify.sent),
    onError: (err) => {
      const detail = err instanceof ApiError ? err.message : MSG.common.server;
      toast.error(`${MSG.verify.sendErrorPrefix}${detail}`);
    },
  });

  return (
    <Panel>
      <div className="mx-auto grid size-16 place-items-center rounded-2xl border-accent-gradient text-accent-from">
        <MailCheck className="size-7" aria-hidden="true" />
      </div>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-fg">Verify your e-mail</h1>
      <p className="mt-3 text-pretty leading-7 text-muted">
        We sent a verification link to{' '}
        <span className="break-words font-medium text-fg" data-testid="unverified-email">
          {user?.email ? <EmailAddress email={user.email} /> : 'your e-mail address'}
        </span>
        . Open it to unlock your dashboard, projects, bounties and grants.
      </p>
      <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap sm:justify-center">
        <PendingButton
          size="lg"
          pending={resend.isPending}
          icon={<Send aria-hidden="true" />}
          onClick={() => resend.mutate()}
        >
          Resend verification email
        </PendingButton>
        {WAYS_OUT.map(({ why, variant, Icon, label }) => (
          <PendingButton
            key={why}
            variant={variant}
            size="lg"
            pending={leaving === why}
            disabled={!!leaving}
            icon={<Icon aria-hidden="true" />}
            onClick={() => leave(why)}
            aria-describedby={why === 'change' ? 'change-email-hint' : undefined}
          >
            {label}
          </PendingButton>
        ))}
      </div>
      <p id="change-email-hint" className="mt-3 text-pretty text-xs text-muted">
        {MSG.verify.changeExplained}
      </p>
      <p className="mt-6 inline-flex items-center gap-2 text-xs text-subtle">
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent-to opacity-60" />
          <span className="relative inline-flex size-2 rounded-full bg-accent-to" />
        </span>
        This page continues by itself once your address is verified.
      </p>
    </Panel>
  );
}

/** Spec §4: shown for 3 seconds after verification, before the page. */
export function VerificationSuccess() {
  return (
    <Panel>
      <div className="mx-auto grid size-16 place-items-center rounded-2xl border border-approved/30 bg-approved/10 text-approved">
        <CircleCheck className="size-8" aria-hidden="true" />
      </div>
      {/* The page's heading (it stands in for a whole page) and a live region, so the redirect is announced. */}
      <h1 className="mt-6 text-lg font-semibold text-fg">
        <span role="status">{MSG.verify.success}</span>
      </h1>
      <div className="mx-auto mt-6 h-1 w-40 overflow-hidden rounded-full bg-surface-3" aria-hidden="true">
        <div
          className="h-full origin-left rounded-full bg-accent-gradient"
          style={{ animation: `grow ${LIMITS.verificationSuccessMs}ms linear both` }}
        />
      </div>
    </Panel>
  );
}
