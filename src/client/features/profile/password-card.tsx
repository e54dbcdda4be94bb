import { KeyRound } from 'lucide-react';
import { PasswordField } from '@/client/components/credential-fields';
import { OneProblemForm } from '@/client/components/one-problem-form';
import { oneProblemRequest } from '@/client/components/one-problem-request';
import { SettingsCard } from '@/client/components/settings-card';
import { useSchemaForm } from '@/client/lib/form';
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
  const { field, submit } = oneProblemRequest(form, change, (v) => change.mutate(v));
  return (
    <SettingsCard title="Password" intro="Changing it signs out every other device and sends you a mail.">
      <OneProblemForm
        layout="card"
        {...submit}
        icon={<KeyRound aria-hidden="true" />}
        label="Change password"
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordField label="New password" autoComplete="new-password" {...field('newPassword')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </OneProblemForm>
    </SettingsCard>
  );
}
