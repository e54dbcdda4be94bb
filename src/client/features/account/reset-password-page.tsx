import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { FormSubmit } from '@/client/components/form-actions';
import { NextStep } from '@/client/components/next-step';
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
        <NextStep message={MSG.reset.invalid} to="/forgot-password" action="Request a new link" />
      </AuthShell>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthShell title="Password changed">
        <NextStep tone="success" message={MSG.reset.done} to="/login" action="Log in" />
      </AuthShell>
    );
  }

  // One sentence for the form: the first rule broken, else why the server refused.
  const { field, problem } = oneProblemFields(form, reset);
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
        <FormSubmit
          problem={problem}
          size="lg"
          block
          pending={reset.isPending}
          icon={<KeyRound aria-hidden="true" />}
        >
          Set new password
        </FormSubmit>
      </form>
    </AuthShell>
  );
}
