import { Gift, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { preloadPath } from '@/client/app/pages';
import { EmailField, PasswordField } from '@/client/components/credential-fields';
import { Optional } from '@/client/components/optional';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { type RadioCardOption, RadioCards } from '@/client/components/ui/radio-cards';
import { ApiError } from '@/client/lib/api';
import { oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { useSession } from '@/client/lib/session';
import { REFERRER_KEY, REFERRER_MAX, readLocal, removeLocal, writeLocal } from '@/client/lib/storage';
import { browserTimeZone } from '@/client/lib/time-zone';
import { DEFAULT_ROLE, LIMITS } from '@/shared/limits';
import { roleLabel, SIGNUP_ROLES } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import { signUpErrorMessage } from '@/shared/rules/auth-errors';
import { signUpSchema } from '@/shared/schemas/account';
import { useSignUp } from './api';
import { AuthShell, authLinkClass } from './auth-shell';

/** Short helper lines under each role (UI copy, not spec text). */
const ROLE_HINTS: Record<string, string> = {
  [DEFAULT_ROLE]: 'Default',
  startup: 'Launch & raise',
  creator: 'Content & media',
  'Community Member': 'Join & engage',
  project: 'Ship on-chain',
  ambassador: 'Grow the community',
  developer: 'Build & integrate',
};

/** 'builder' stands for "none picked": it is sent as no role and the server applies the default. */
const ROLE_OPTIONS: RadioCardOption[] = [DEFAULT_ROLE, ...SIGNUP_ROLES].map((r) => ({
  value: r,
  label: roleLabel(r),
  description: ROLE_HINTS[r],
}));

function messageFor(err: unknown): string {
  if (err instanceof ApiError) return err.fromServer ? err.message : signUpErrorMessage(err.code, err.status);
  return signUpErrorMessage(undefined);
}

/** Spec §2 Signup: a ?ref= link is remembered as the referrer and stored locally. */
function useReferrer(): string | null {
  const [params] = useSearchParams();
  const fromUrl = params.get('ref')?.trim() ?? '';
  const [ref, setRef] = useState<string | null>(() => readLocal(REFERRER_KEY));
  useEffect(() => {
    if (fromUrl && fromUrl.length <= REFERRER_MAX) {
      writeLocal(REFERRER_KEY, fromUrl);
      setRef(fromUrl);
    }
  }, [fromUrl]);
  return ref;
}

export function SignupPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const referrer = useReferrer();
  const roleLabelId = useId();
  const form = useSchemaForm(signUpSchema, {
    defaultValues: { email: '', displayName: '', password: '', confirmPassword: '', role: DEFAULT_ROLE },
    reValidateMode: 'onSubmit',
  });
  const role = useWatch({ control: form.control, name: 'role' }) ?? DEFAULT_ROLE;

  const signUp = useSignUp({
    onSuccess: async () => {
      removeLocal(REFERRER_KEY);
      await refresh();
      // Unverified: the dashboard's guard shows the verification block.
      navigate('/dashboard', { replace: true });
    },
    onError: (err) => {
      console.error(MSG.signup.logPrefix, err);
    },
  });

  // One sentence for the form: the first rule broken, else why the server refused.
  const { field, problem } = oneProblemFields(form, signUp, messageFor);
  const onSubmit = form.handleSubmit(({ email, displayName, password, confirmPassword, role: picked }) => {
    // The dashboard (its verification step) loads while the account is made, as logging in does.
    void preloadPath('/dashboard');
    signUp.mutate({
      email: email.trim(),
      displayName: displayName.trim(),
      password,
      confirmPassword,
      // 'builder' stands for "none picked": the server applies the default.
      ...(picked && picked !== DEFAULT_ROLE ? { role: picked } : {}),
      ...(referrer ? { ref: referrer } : {}),
      timeZone: browserTimeZone(),
    });
  });

  return (
    <AuthShell
      wide
      title="Create your account"
      subtitle="Join the Sysfi Labs community: contribute, earn XP and climb the leaderboard."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={authLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      {referrer ? (
        <p className="-mt-2 mb-5 inline-flex items-center gap-2 rounded-full border border-accent-from/25 bg-accent-from/10 px-3 py-1 text-xs font-medium text-accent-from">
          <Gift className="size-3.5" aria-hidden="true" />
          Invited by a friend
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <EmailField {...field('email')} />
          <Field
            label="Display name"
            autoComplete="nickname"
            placeholder="satoshi"
            maxLength={LIMITS.displayNameMax + 10}
            {...field('displayName')}
          />
          <PasswordField
            revealable
            label="Password"
            autoComplete="new-password"
            hint={`At least ${LIMITS.passwordMin} characters.`}
            {...field('password')}
          />
          <PasswordField
            revealable
            label="Confirm password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
        </div>

        <fieldset>
          <legend className="mb-3 flex w-full items-baseline justify-between gap-3">
            <span id={roleLabelId} className="text-sm font-medium text-fg-soft">
              <Optional>Your role</Optional>
            </span>
            <span className="text-xs text-muted" aria-live="polite">
              Selected: <span className="font-medium text-fg-soft">{roleLabel(role)}</span>
            </span>
          </legend>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <RadioCards
                aria-labelledby={roleLabelId}
                value={field.value ?? DEFAULT_ROLE}
                onValueChange={field.onChange}
                options={ROLE_OPTIONS}
              />
            )}
          />
        </fieldset>

        {problem ? <Alert>{problem}</Alert> : null}
        <Button type="submit" size="lg" block pending={signUp.isPending}>
          {signUp.isPending ? null : <UserPlus aria-hidden="true" />}
          {signUp.isPending ? 'Creating account…' : 'Create account'}
        </Button>
        <p className="text-center text-xs leading-5 text-subtle">
          We&apos;ll e-mail you a link to verify your address before you can start earning XP.
        </p>
      </form>
    </AuthShell>
  );
}
