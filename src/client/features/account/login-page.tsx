import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { returnPath } from '@/client/app/guard';
import { preloadPath } from '@/client/app/pages';
import { NOT_FOUND_NAME, pageName } from '@/client/app/titles';
import { EmailField, PasswordField } from '@/client/components/credential-fields';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api';
import { oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { useSession } from '@/client/lib/session';
import { loginErrorMessage } from '@/shared/rules/auth-errors';
import { loginSchema } from '@/shared/schemas/account';
import { useSignIn } from './api';
import { AuthShell, authLinkClass } from './auth-shell';
import { CodeStep } from './code-step';

function messageFor(err: unknown): string {
  if (err instanceof ApiError) return err.fromServer ? err.message : loginErrorMessage(err.code, err.status);
  return loginErrorMessage(undefined);
}

const WELCOME = 'Log in to track your XP, claim bounties and keep contributing.';

/**
 * The subtitle when logging in goes on to a page (a guard sent the visitor here, or a home
 * card's link names it): which page, so the visitor knows why they are asked to log in.
 */
export function continueTo(back: string | undefined): string {
  if (!back) return WELCOME;
  const name = pageName(new URL(back, 'http://x').pathname);
  if (name === NOT_FOUND_NAME || name === 'Home') return WELCOME;
  return `Log in to continue to ${name.replace(/ · Admin$/, ' (admin)')}.`;
}

export function LoginPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const back = returnPath(location.state, location.search);
  const form = useSchemaForm(loginSchema, {
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });

  const [needsCode, setNeedsCode] = useState(false);
  const signedIn = async () => {
    await refresh();
    navigate(back ?? '/dashboard', { replace: true });
  };
  const signIn = useSignIn({
    onSuccess: async (res) => {
      // The account has two-factor: the code step comes before any session exists.
      if ('twoFactorRequired' in res) setNeedsCode(true);
      else await signedIn();
    },
  });

  // One sentence for the form: the first rule broken, else why the server refused.
  const { field, problem } = oneProblemFields(form, signIn, messageFor);
  const onSubmit = form.handleSubmit((v) => {
    // The page logging in goes on to loads while the password is checked, not after (review: the
    // dashboard's skeleton stayed about 0.7 s after the URL changed, fetching its code).
    void preloadPath(new URL(back ?? '/dashboard', window.location.origin).pathname);
    signIn.mutate({ email: v.email.trim(), password: v.password });
  });

  if (needsCode) {
    return (
      <AuthShell title="Two-factor authentication" subtitle="One more step to keep your account yours.">
        <CodeStep onSignedIn={signedIn} />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Welcome back"
      subtitle={continueTo(back)}
      footer={
        <>
          New to Sysfi Labs?{' '}
          <Link to="/signup" className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <EmailField {...field('email')} />
        <PasswordField
          revealable
          label="Password"
          autoComplete="current-password"
          aside={
            <Link to="/forgot-password" className={`${authLinkClass} -my-3 py-3 text-xs`}>
              Forgot password?
            </Link>
          }
          {...field('password')}
        />
        {problem ? <Alert>{problem}</Alert> : null}
        <Button type="submit" size="lg" block pending={signIn.isPending}>
          {signIn.isPending ? null : <LogIn aria-hidden="true" />}
          {signIn.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
    </AuthShell>
  );
}
