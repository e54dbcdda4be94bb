import type { FormEventHandler, ReactNode } from 'react';
import { FormSubmit } from './form-actions';
import type { ButtonProps } from './ui/button';

/** Where a one-sentence form stands, and so how its form and its submit are laid out. */
const LAYOUTS = {
  /** An account page (reset password, forgot password): a large submit, full width. */
  page: { form: 'grid gap-5', submit: { size: 'lg', block: true } },
  /** A settings card (password, two-factor): below the card's intro, the submit at the start. */
  card: { form: 'mt-4 grid gap-4', submit: { className: 'justify-self-start' } },
} as const;

/**
 * A one-sentence form (`oneProblemFields` in lib/form.ts): its fields (`children`), then the
 * sentence when there is one and the lone submit, which shows its spinner while `pending`.
 */
export function OneProblemForm({
  layout,
  onSubmit,
  problem,
  pending,
  icon,
  label,
  variant,
  className = LAYOUTS[layout].form,
  children,
}: {
  layout: keyof typeof LAYOUTS;
  onSubmit: FormEventHandler<HTMLFormElement>;
  problem: string | null;
  pending: boolean;
  /** Shown before the label, and left out while pending (the spinner takes its place). */
  icon: ReactNode;
  /** The submit's words: "Change password". */
  label: ReactNode;
  variant?: ButtonProps['variant'];
  /** The form's layout classes, in place of the layout's own. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      {children}
      <FormSubmit
        problem={problem}
        variant={variant}
        pending={pending}
        icon={icon}
        {...LAYOUTS[layout].submit}
      >
        {label}
      </FormSubmit>
    </form>
  );
}
