import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { errorMessage } from '@/client/lib/api';
import { oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { MSG } from '@/shared/messages';
import { resetPasswordSchema } from '@/shared/schemas/account';
import { accountApi } from './api';
import { AuthShell, authLinkClass } from './auth-shell';
import { PasswordField } from './password-field';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const linkBad = params.has('error') || !token;
  const form = useSchemaForm(resetPasswordSchema, {
    defaultValues: { token, password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const reset = useMutation({
    mutationFn: accountApi.resetPassword,
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

  // One sentence for the form: the first rule broken, else why the server refused.
  const { invalid, field } = oneProblemFields(form);
  const problem = invalid?.message ?? (reset.isError ? errorMessage(reset.error) : null);
  const onSubmit = form.handleSubmit((v) => reset.mutate(v));

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
        <PasswordField label="New password" autoComplete="new-password" {...field('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        {problem ? <Alert>{problem}</Alert> : null}
        <Button type="submit" size="lg" block pending={reset.isPending}>
          {reset.isPending ? null : <KeyRound aria-hidden="true" />}
          Set new password
        </Button>
      </form>
    </AuthShell>
  );
}
