import { KeyRound } from 'lucide-react';
import { OneProblemForm } from '@/client/components/one-problem-form';
import { SettingsCard } from '@/client/components/settings-card';
import { Field } from '@/client/components/ui/field';
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
  const { field, problem } = oneProblemFields(form, change);
  return (
    <SettingsCard title="Password" intro="Changing it signs out every other device and sends you a mail.">
      <OneProblemForm
        layout="card"
        onSubmit={form.handleSubmit((v) => change.mutate(v))}
        problem={problem}
        pending={change.isPending}
        icon={<KeyRound aria-hidden="true" />}
        label="Change password"
      >
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
      </OneProblemForm>
    </SettingsCard>
  );
}
