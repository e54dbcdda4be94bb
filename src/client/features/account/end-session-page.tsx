import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { errorMessage } from '@/client/lib/api';
import { MSG } from '@/shared/messages';
import { accountApi } from './api';
import { AuthShell } from './auth-shell';

/**
 * Where a new-sign-in alert's "End this session" link lands. Opening it changes
 * nothing (a mail scanner may open any link): the button POSTs the signed token.
 */
export function EndSessionPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const end = useMutation({ mutationFn: () => accountApi.endSessionByLink(token) });

  if (!token) {
    return (
      <AuthShell title="Link not valid">
        <Alert>{MSG.security.linkInvalid}</Alert>
      </AuthShell>
    );
  }
  if (end.isSuccess) {
    return (
      <AuthShell title="Session ended">
        <div className="grid gap-6">
          <Alert tone="success">{end.data.message}</Alert>
          <Link to="/login" className={buttonVariants({ size: 'lg', block: true })}>
            Log in
          </Link>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={MSG.security.endByLinkTitle} subtitle={MSG.security.endByLinkIntro}>
      <div className="grid gap-5">
        {end.isError ? <Alert>{errorMessage(end.error)}</Alert> : null}
        <Button type="button" size="lg" block pending={end.isPending} onClick={() => end.mutate()}>
          {end.isPending ? null : <LogOut aria-hidden="true" />}
          End this session
        </Button>
      </div>
    </AuthShell>
  );
}
