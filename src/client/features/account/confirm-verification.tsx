import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { PasswordField } from '@/client/components/credential-fields';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { MSG } from '@/shared/messages';
import { verifyWithPasswordSchema } from '@/shared/schemas/account';
import { useVerifyWithPassword } from './api';
import { AuthShell, authLinkClass } from './auth-shell';

/**
 * The verification link opened in a browser that is not signed in to the account: the
 * server verifies only once the account's password is entered here (ADR 0016), and every
 * other session of the account ends.
 */
export function ConfirmVerification({ token, onVerified }: { token: string; onVerified: () => void }) {
  const form = useSchemaForm(verifyWithPasswordSchema, {
    defaultValues: { token, password: '' },
    reValidateMode: 'onSubmit',
  });
  const confirm = useVerifyWithPassword({ onSuccess: onVerified });
  const { field, problem } = oneProblemFields(form, confirm);
  const onSubmit = form.handleSubmit((v) => confirm.mutate(v));
  return (
    <AuthShell
      title={MSG.verify.confirmTitle}
      subtitle={MSG.verify.confirmIntro}
      footer={
        <Link to="/signup" className={authLinkClass}>
          Sign up with this address
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <PasswordField revealable label="Password" autoComplete="current-password" {...field('password')} />
        {problem ? <Alert>{problem}</Alert> : null}
        <Button type="submit" size="lg" block pending={confirm.isPending}>
          {confirm.isPending ? null : <MailCheck aria-hidden="true" />}
          {MSG.verify.confirmButton}
        </Button>
        <p className="text-sm leading-6 text-muted">{MSG.verify.confirmElsewhere}</p>
      </form>
    </AuthShell>
  );
}
