import { LogOut } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PendingButton } from '@/client/components/pending-button';
import { Alert } from '@/client/components/ui/alert';
import { errorMessage } from '@/client/lib/api';
import { MSG } from '@/shared/messages';
import { useEndSessionByLink } from './api';
import { AuthDone, AuthShell } from './auth-shell';

/**
 * Where a new-sign-in alert's "End this session" link lands. Opening it changes
 * nothing (a mail scanner may open any link): the button POSTs the signed token.
 */
export function EndSessionPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const end = useEndSessionByLink(token);

  if (!token) {
    return (
      <AuthShell title="Link not valid">
        <Alert>{MSG.security.linkInvalid}</Alert>
      </AuthShell>
    );
  }
  if (end.isSuccess) {
    return <AuthDone title="Session ended" message={end.data.message} />;
  }
  return (
    <AuthShell title={MSG.security.endByLinkTitle} subtitle={MSG.security.endByLinkIntro}>
      <div className="grid gap-5">
        {end.isError ? <Alert>{errorMessage(end.error)}</Alert> : null}
        <PendingButton
          size="lg"
          block
          pending={end.isPending}
          icon={<LogOut aria-hidden="true" />}
          onClick={() => end.mutate()}
        >
          End this session
        </PendingButton>
      </div>
    </AuthShell>
  );
}
