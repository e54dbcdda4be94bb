import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { useSession } from '@/client/lib/session';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { AuthShell } from './auth-shell';
import { ConfirmVerification } from './confirm-verification';
import { VerificationSuccess } from './verification-block';

/**
 * Where the e-mail link lands after the server has verified the address.
 * `?error=` means the link was bad or expired; `?confirm=<token>` that it was opened in
 * a browser not signed in to the account, which must enter the password first.
 */
export function VerifiedPage() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  const confirmToken = params.get('confirm');
  const [confirmed, setConfirmed] = useState(false);
  const { refresh, user } = useSession();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const waiting = !!confirmToken && !confirmed;

  useEffect(() => {
    if (failed || waiting) return;
    let live = true;
    let timer: number | undefined;
    refresh().then(() => {
      if (!live) return;
      setReady(true);
      timer = window.setTimeout(
        () => navigate('/dashboard', { replace: true }),
        LIMITS.verificationSuccessMs,
      );
    });
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [failed, waiting, refresh, navigate]);

  // Opened in a browser not signed in to the account: the password finishes it.
  if (waiting && !failed)
    return <ConfirmVerification token={confirmToken} onVerified={() => setConfirmed(true)} />;

  if (failed) {
    return (
      <AuthShell title="Link not valid">
        <div className="grid gap-6">
          <p className="flex items-start gap-3 text-sm leading-6 text-fg-soft">
            <CircleAlert className="mt-0.5 size-5 shrink-0 text-declined" aria-hidden="true" />
            <span role="alert">{MSG.verify.linkInvalid}</span>
          </p>
          <Link to={user ? '/dashboard' : '/login'} className={buttonVariants({ size: 'lg', block: true })}>
            {user ? MSG.home.ctaSignedIn : MSG.nav.login}
          </Link>
        </div>
      </AuthShell>
    );
  }

  if (!ready) {
    return (
      <div className="grid min-h-[50dvh] place-items-center" role="status">
        <Spinner className="size-6 text-accent-from" label="Checking your verification" />
      </div>
    );
  }
  return <VerificationSuccess />;
}
