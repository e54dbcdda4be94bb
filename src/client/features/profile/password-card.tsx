import { KeyRound } from 'lucide-react';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { errorMessage } from '@/client/lib/api';
import { oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { toast } from '@/client/lib/toast';
import { changePasswordSchema } from '@/shared/schemas/security';
import { useChangePassword } from './api';

/** Change the password: the current one proves it is you; every other device is signed out. */
export function PasswordCard() {
  const form = useSchemaForm(changePasswordSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const change = useChangePassword({
    onSuccess: (res) => {
      toast.success(res.message);
      form.reset();
    },
  });
  const { invalid, field } = oneProblemFields(form);
  const problem = invalid?.message ?? (change.isError ? errorMessage(change.error) : null);
  return (
    <section
      aria-labelledby="password-title"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="password-title" className="text-lg font-semibold tracking-tight">
        Password
      </h2>
      <p className="mt-1 text-sm leading-6 text-muted">
        Changing it signs out every other device and sends you a mail.
      </p>
      <form noValidate onSubmit={form.handleSubmit((v) => change.mutate(v))} className="mt-4 grid gap-4">
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <Field label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        {problem ? <Alert>{problem}</Alert> : null}
        <Button type="submit" className="justify-self-start" pending={change.isPending}>
          {change.isPending ? null : <KeyRound aria-hidden="true" />}
          Change password
        </Button>
      </form>
    </section>
  );
}
