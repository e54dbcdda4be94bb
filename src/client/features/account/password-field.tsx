import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Field } from '@/client/components/ui/field';
import { LIMITS } from '@/shared/limits';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<ComponentProps<typeof Field>, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
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

/** An e-mail address as the account forms ask for it: the keyboard, autofill and length of one. */
export function EmailField(props: Omit<ComponentProps<typeof Field>, 'type' | 'label'>) {
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
