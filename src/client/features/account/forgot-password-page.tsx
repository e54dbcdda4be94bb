import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { EmailField } from '@/client/components/credential-fields';
import { OneProblemForm } from '@/client/components/one-problem-form';
import { oneProblemRequest } from '@/client/components/one-problem-request';
import { Alert } from '@/client/components/ui/alert';
import { useSchemaForm } from '@/client/lib/form';
import { MSG } from '@/shared/messages';
import { emailOnlySchema } from '@/shared/schemas/account';
import { useForgotPassword } from './api';
import { AuthShell, authLinkClass } from './auth-shell';

export function ForgotPasswordPage() {
  const form = useSchemaForm(emailOnlySchema, { defaultValues: { email: '' }, reValidateMode: 'onSubmit' });
  const send = useForgotPassword();

  // One sentence for the form: the rule broken, else why the server refused.
  const { field, submit } = oneProblemRequest(form, send, (v) => send.mutate(v.email));

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
      <OneProblemForm layout="page" {...submit} icon={<Send aria-hidden="true" />} label="Send reset link">
        <EmailField {...field('email', { setValueAs: (v: string) => v.trim() })} />
      </OneProblemForm>
    </AuthShell>
  );
}
