import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../shared/messages';
import { resetPasswordSchema } from '../../../shared/schemas/account';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { accountApi } from './api';
import { AuthShell, authLinkClass } from './auth-shell';
import { PasswordField } from './password-field';
import { type Invalid, validate } from './validate';

type FormValues = { password: string; confirmPassword: string };

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const linkBad = params.has('error') || !token;
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const { register, handleSubmit, setFocus } = useForm<FormValues>({
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: accountApi.resetPassword,
    onError: (err) => {
      const message = errorMessage(err);
      setInvalid({ message, field: undefined });
      toast.error(message);
    },
  });

  if (linkBad) {
    return (
      <AuthShell title="Link not valid">
        <div className="grid gap-6">
          <Alert>{MSG.reset.invalid}</Alert>
          <Link to="/forgot-password" className={buttonVariants({ size: 'lg', block: true })}>
            Request a new link
          </Link>
        </div>
      </AuthShell>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthShell title="Password changed">
        <div className="grid gap-6">
          <Alert tone="success">{MSG.reset.done}</Alert>
          <Link to="/login" className={buttonVariants({ size: 'lg', block: true })}>
            Log in
          </Link>
        </div>
      </AuthShell>
    );
  }

  const onSubmit = handleSubmit((values) => {
    const v = validate(resetPasswordSchema, { token, ...values });
    if (!v.ok) {
      setInvalid(v);
      if (v.field === 'password' || v.field === 'confirmPassword') setFocus(v.field);
      return;
    }
    setInvalid(null);
    reset.mutate(v.data);
  });

  return (
    <AuthShell
      title="Choose a new password"
      subtitle="Pick something you don't use anywhere else."
      footer={
        <Link to="/login" className={authLinkClass}>
          Back to login
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          invalid={invalid?.field === 'password'}
          {...register('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          invalid={invalid?.field === 'confirmPassword'}
          {...register('confirmPassword')}
        />
        {invalid ? <Alert>{invalid.message}</Alert> : null}
        <Button type="submit" size="lg" block pending={reset.isPending}>
          {reset.isPending ? null : <KeyRound aria-hidden="true" />}
          Set new password
        </Button>
      </form>
    </AuthShell>
  );
}
