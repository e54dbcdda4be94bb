import { useMutation } from '@tanstack/react-query';
import { Gift, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_ROLE, LIMITS } from '../../../shared/limits';
import { roleLabel, SIGNUP_ROLES } from '../../../shared/lists';
import { MSG } from '../../../shared/messages';
import { signUpErrorMessage } from '../../../shared/rules/auth-errors';
import { signUpSchema } from '../../../shared/schemas/account';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type RadioCardOption, RadioCards } from '../../components/ui/radio-cards';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { REFERRER_KEY, REFERRER_MAX, readLocal, removeLocal, writeLocal } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { accountApi } from './api';
import { AuthShell, authLinkClass } from './auth-shell';
import { PasswordField } from './password-field';
import { type Invalid, validate } from './validate';

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

type FormValues = { email: string; displayName: string; password: string; confirmPassword: string };

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
  const [role, setRole] = useState<string>(DEFAULT_ROLE);
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const { register, handleSubmit, setFocus } = useForm<FormValues>({
    defaultValues: { email: '', displayName: '', password: '', confirmPassword: '' },
  });

  const signUp = useMutation({
    mutationFn: accountApi.signUp,
    onSuccess: async () => {
      removeLocal(REFERRER_KEY);
      await refresh();
      // Unverified: the dashboard's guard shows the verification block.
      navigate('/dashboard', { replace: true });
    },
    onError: (err) => {
      console.error(MSG.signup.logPrefix, err);
      const message = messageFor(err);
      setInvalid({ message, field: undefined });
      toast.error(message);
    },
  });

  const onSubmit = handleSubmit((values) => {
    const v = validate(signUpSchema, {
      ...values,
      role: role === DEFAULT_ROLE ? '' : role,
      ref: referrer ?? undefined,
    });
    if (!v.ok) {
      setInvalid(v);
      if (v.field && v.field in values) setFocus(v.field as keyof FormValues);
      return;
    }
    setInvalid(null);
    const { email, displayName, password, confirmPassword, role: picked, ref } = v.data;
    signUp.mutate({
      email: email.trim(),
      displayName: displayName.trim(),
      password,
      confirmPassword,
      ...(picked ? { role: picked } : {}),
      ...(ref ? { ref } : {}),
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
          <Field
            label="Display name"
            autoComplete="nickname"
            placeholder="satoshi"
            maxLength={LIMITS.displayNameMax + 10}
            invalid={invalid?.field === 'displayName'}
            {...register('displayName')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint={`At least ${LIMITS.passwordMin} characters.`}
            invalid={invalid?.field === 'password'}
            {...register('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            invalid={invalid?.field === 'confirmPassword'}
            {...register('confirmPassword')}
          />
        </div>

        <fieldset>
          <legend className="mb-3 flex w-full items-baseline justify-between gap-3">
            <span id={roleLabelId} className="text-sm font-medium text-fg-soft">
              Your role <span className="font-normal text-subtle">(optional)</span>
            </span>
            <span className="text-xs text-muted" aria-live="polite">
              Selected: <span className="font-medium text-fg-soft">{roleLabel(role)}</span>
            </span>
          </legend>
          <RadioCards
            aria-labelledby={roleLabelId}
            value={role}
            onValueChange={setRole}
            options={ROLE_OPTIONS}
          />
        </fieldset>

        {invalid ? <Alert>{invalid.message}</Alert> : null}
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
