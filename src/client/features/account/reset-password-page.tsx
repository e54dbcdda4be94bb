import { KeyRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '@/client/components/credential-fields';
import { OneProblemForm } from '@/client/components/one-problem-form';
import { oneProblemRequest } from '@/client/components/one-problem-request';
import { useSchemaForm } from '@/client/lib/form';
import { MSG } from '@/shared/messages';
import { resetPasswordSchema } from '@/shared/schemas/account';
import { useResetPassword } from './api';
import { AuthDone, AuthNextStep, AuthShell, authLinkClass } from './auth-shell';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const linkBad = params.has('error') || !token;
  const form = useSchemaForm(resetPasswordSchema, {
    defaultValues: { token, password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const reset = useResetPassword();

  if (linkBad) {
    return (
      <AuthNextStep
        title="Link not valid"
        message={MSG.reset.invalid}
        to="/forgot-password"
        action="Request a new link"
      />
    );
  }

  if (reset.isSuccess) {
    return <AuthDone title="Password changed" message={MSG.reset.done} />;
  }

  // One sentence for the form: the first rule broken, else why the server refused.
  const { field, submit } = oneProblemRequest(form, reset, (v) => reset.mutate(v));

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
      <OneProblemForm
        layout="page"
        {...submit}
        icon={<KeyRound aria-hidden="true" />}
        label="Set new password"
      >
        <PasswordField revealable label="New password" autoComplete="new-password" {...field('password')} />
        <PasswordField
          revealable
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </OneProblemForm>
    </AuthShell>
  );
}
