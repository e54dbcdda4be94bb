import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { emailOnlySchema } from '../../../shared/schemas/account';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { accountApi } from './api';
import { AuthShell, authLinkClass } from './auth-shell';
import { type Invalid, validate } from './validate';

export function ForgotPasswordPage() {
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const { register, handleSubmit, setFocus } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: accountApi.forgotPassword,
    onError: (err) => {
      const message = errorMessage(err);
      setInvalid({ message, field: undefined });
      toast.error(message);
    },
  });

  const onSubmit = handleSubmit((values) => {
    const v = validate(emailOnlySchema, { email: values.email.trim() });
    if (!v.ok) {
      setInvalid(v);
      setFocus('email');
      return;
    }
    setInvalid(null);
    send.mutate(v.data.email);
  });

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
        <Field
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          maxLength={LIMITS.emailMax}
          invalid={invalid?.field === 'email'}
          {...register('email')}
        />
        {invalid ? <Alert>{invalid.message}</Alert> : null}
        <Button type="submit" size="lg" block pending={send.isPending}>
          {send.isPending ? null : <Send aria-hidden="true" />}
          Send reset link
        </Button>
      </form>
    </AuthShell>
  );
}
