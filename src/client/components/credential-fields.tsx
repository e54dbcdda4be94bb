import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { LIMITS } from '@/shared/limits';
import { Field, type FieldProps } from './ui/field';

/**
 * A password input. `autoComplete` says which password it asks for, so that browsers and
 * password managers fill in the saved one ("current-password") or offer a new one
 * ("new-password"). `revealable` adds a show/hide toggle inside its right edge (the sign-in
 * and sign-up pages).
 */
export function PasswordField({
  revealable = false,
  ...props
}: Omit<FieldProps, 'type' | 'trailing' | 'autoComplete'> & {
  autoComplete: 'current-password' | 'new-password';
  revealable?: boolean;
}) {
  const [shown, setShown] = useState(false);
  if (!revealable) return <Field {...props} type="password" />;
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="grid size-11 place-items-center rounded-lg text-subtle hover:text-fg"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}

/**
 * A code from an authenticator app: the number pad, and the browser's one-time-code
 * autofill (a backup code asks for `inputMode="text"`).
 */
export function OneTimeCodeField(props: Omit<FieldProps, 'type' | 'autoComplete'>) {
  return <Field inputMode="numeric" autoComplete="one-time-code" {...props} />;
}

/** An e-mail address as the account forms ask for it: the keyboard, autofill and length of one. */
export function EmailField(props: Omit<FieldProps, 'type' | 'label'>) {
  return (
    <Field
      label="E-mail"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      maxLength={LIMITS.emailMax}
      {...props}
    />
  );
}
