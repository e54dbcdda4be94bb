import { useMutation } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { loginErrorMessage } from '../../../shared/rules/auth-errors';
import { type LoginInput, loginSchema } from '../../../shared/schemas/account';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { accountApi } from './api';
import { AuthShell, authLinkClass } from './auth-shell';
import { PasswordField } from './password-field';
import { type Invalid, validate } from './validate';

function messageFor(err: unknown): string {
  if (err instanceof ApiError) return err.fromServer ? err.message : loginErrorMessage(err.code, err.status);
  return loginErrorMessage(undefined);
}

export function LoginPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const { register, handleSubmit, setFocus } = useForm<LoginInput>({
    defaultValues: { email: '', password: '' },
  });

  const signIn = useMutation({
    mutationFn: accountApi.signIn,
    onSuccess: async () => {
      await refresh();
      navigate('/dashboard', { replace: true });
    },
    onError: (err) => {
      const message = messageFor(err);
      setInvalid({ message, field: undefined });
      toast.error(message);
    },
  });

  const onSubmit = handleSubmit((values) => {
    const v = validate(loginSchema, values);
    if (!v.ok) {
      setInvalid(v);
      if (v.field === 'email' || v.field === 'password') setFocus(v.field);
      return;
    }
    setInvalid(null);
    signIn.mutate({ email: v.data.email.trim(), password: v.data.password });
  });

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Log in to track your XP, claim bounties and keep contributing."
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
        <Field
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          invalid={invalid?.field === 'email'}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          invalid={invalid?.field === 'password'}
          labelAside={
            <Link to="/forgot-password" className={`${authLinkClass} -my-3 py-3 text-xs`}>
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        {invalid ? <Alert>{invalid.message}</Alert> : null}
        <Button type="submit" size="lg" block pending={signIn.isPending}>
          {signIn.isPending ? null : <LogIn aria-hidden="true" />}
          {signIn.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
    </AuthShell>
  );
}
