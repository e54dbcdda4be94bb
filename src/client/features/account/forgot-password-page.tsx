import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { errorMessage } from '@/client/lib/api';
import { oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { MSG } from '@/shared/messages';
import { emailOnlySchema } from '@/shared/schemas/account';
import { accountApi } from './api';
import { AuthShell, authLinkClass } from './auth-shell';
import { EmailField } from './password-field';

export function ForgotPasswordPage() {
  const form = useSchemaForm(emailOnlySchema, { defaultValues: { email: '' }, reValidateMode: 'onSubmit' });
  const send = useMutation({
    mutationFn: accountApi.forgotPassword,
  });

  // One sentence for the form: the rule broken, else why the server refused.
  const { invalid, field } = oneProblemFields(form);
  const problem = invalid?.message ?? (send.isError ? errorMessage(send.error) : null);
  const onSubmit = form.handleSubmit((v) => send.mutate(v.email));

  const back = (
    <Link to="/login" className={authLinkClass}>
      Back to login
    </Link>
  );

  if (send.isSuccess) {
    return (
      <AuthShell title="Check your inbox" footer={back}>
        <Alert tone="success">{MSG.reset.sent}</Alert>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Reset your password"
      subtitle="Enter the e-mail you signed up with and we'll send you a link to choose a new password."
      footer={back}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <EmailField {...field('email', { setValueAs: (v: string) => v.trim() })} />
        {problem ? <Alert>{problem}</Alert> : null}
        <Button type="submit" size="lg" block pending={send.isPending}>
          {send.isPending ? null : <Send aria-hidden="true" />}
          Send reset link
        </Button>
      </form>
    </AuthShell>
  );
}
