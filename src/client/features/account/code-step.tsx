import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { OneTimeCodeField } from '@/client/components/credential-fields';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { signInCodeSchema } from '@/shared/schemas/security';
import { useSignInCode } from './api';

/**
 * The sign-in's second step, shown when the account has two-factor: a code from the
 * authenticator app, or one of the backup codes (each works once).
 */
export function CodeStep({ onSignedIn }: { onSignedIn: () => unknown }) {
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const form = useSchemaForm(signInCodeSchema, {
    defaultValues: { method: 'totp', code: '' },
    reValidateMode: 'onSubmit',
  });
  const verify = useSignInCode({ onSuccess: onSignedIn });
  const { field, problem } = oneProblemFields(form, verify);
  const backup = method === 'backup';
  const switchTo = (m: 'totp' | 'backup') => {
    setMethod(m);
    form.reset({ method: m, code: '' });
    verify.reset();
  };
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => verify.mutate(v))} className="grid gap-5">
      <input type="hidden" {...form.register('method')} />
      <OneTimeCodeField
        key={method}
        label={backup ? 'Backup code' : 'Authentication code'}
        hint={
          backup
            ? 'One of the codes you saved when you set up two-factor.'
            : 'The 6-digit code from your authenticator app.'
        }
        inputMode={backup ? 'text' : 'numeric'}
        autoFocus
        {...field('code')}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <Button type="submit" size="lg" block pending={verify.isPending}>
        {verify.isPending ? null : <ShieldCheck aria-hidden="true" />}
        Verify
      </Button>
      <Button type="button" variant="link" onClick={() => switchTo(backup ? 'totp' : 'backup')}>
        {backup ? 'Use your authenticator app' : 'Use a backup code'}
      </Button>
    </form>
  );
}
