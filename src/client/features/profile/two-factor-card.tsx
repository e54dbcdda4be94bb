import { ArrowRight, Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OneTimeCodeField, PasswordField } from '@/client/components/credential-fields';
import { OneProblemForm } from '@/client/components/one-problem-form';
import { oneProblemRequest } from '@/client/components/one-problem-request';
import { SettingsCard } from '@/client/components/settings-card';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { useSchemaForm } from '@/client/lib/form';
import { useSession } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { type TwoFactorEnrolment, totpCodeSchema, twoFactorPasswordSchema } from '@/shared/schemas/security';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from './api';

/** The QR code of the otpauth URI, drawn in the browser (the qrcode package loads only here). */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((q) =>
      q.toDataURL(uri, { margin: 1, width: 192 }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="grid size-48 place-items-center rounded-lg bg-white">
      {src ? <img src={src} width={192} height={192} alt="QR code for your authenticator app" /> : null}
    </div>
  );
}

/** The secret as an app asks for it when typed by hand (the URI's base32 `secret`). */
const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

/** Keeping the backup codes: copied to the clipboard, or saved as a text file. */
function BackupCodeActions({ codes }: { codes: string[] }) {
  const text = `Sysfi Labs backup codes (each works once):\n${codes.join('\n')}\n`;
  const copy = () =>
    void navigator.clipboard
      ?.writeText(text)
      .then(() => toast.success('Backup codes copied.'))
      .catch(() => toast.error('Copying failed: save the file instead.'));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'sysfi-backup-codes.txt' });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button type="button" variant="secondary" onClick={copy}>
        <Copy aria-hidden="true" />
        Copy codes
      </Button>
      <Button type="button" variant="secondary" onClick={download}>
        <Download aria-hidden="true" />
        Download codes
      </Button>
    </div>
  );
}

function Enrolment({ data, onDone }: { data: TwoFactorEnrolment; onDone: () => void }) {
  const form = useSchemaForm(totpCodeSchema, { defaultValues: { code: '' }, reValidateMode: 'onSubmit' });
  const confirm = useConfirmTwoFactor({
    onSuccess: (res) => {
      toast.success(res.message);
      onDone();
    },
  });
  const { field, submit } = oneProblemRequest(form, confirm, (v) => confirm.mutate(v));
  return (
    <div className="mt-4 grid gap-4">
      <p className="text-sm leading-6">1. Scan this QR code with your authenticator app.</p>
      <QrCode uri={data.totpURI} />
      <p className="text-xs text-muted">
        Or type this key:{' '}
        {/* In groups of four to read and type (drawn apart, not spaced: a copy is the key as the app wants it). */}
        <code data-testid="totp-secret" className="font-mono">
          {secretOf(data.totpURI)
            .match(/.{1,4}/g)
            ?.map((group, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the key's fixed groups
              <span key={i} className="mr-1.5 inline-block">
                {group}
              </span>
            ))}
        </code>
      </p>
      <div>
        <p className="text-sm leading-6">
          2. Save these backup codes somewhere safe. Each works once, if you lose your phone. They are shown
          only now.
        </p>
        <ul data-testid="backup-codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
          {data.backupCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <BackupCodeActions codes={data.backupCodes} />
      </div>
      <OneProblemForm
        layout="card"
        className="grid gap-4"
        {...submit}
        icon={<ShieldCheck aria-hidden="true" />}
        label="Turn on two-factor"
      >
        <OneTimeCodeField label="3. Enter the 6-digit code from the app" {...field('code')} />
      </OneProblemForm>
    </div>
  );
}

/** Two-factor authentication: set up an authenticator app (TOTP) with backup codes, or turn it off. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const form = useSchemaForm(twoFactorPasswordSchema, {
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });
  const start = useStartTwoFactor({
    onSuccess: (data) => {
      setEnrolment(data);
      form.reset();
    },
  });
  const disable = useDisableTwoFactor({
    onSuccess: (res) => {
      toast.success(res.message);
      form.reset();
    },
  });
  const action = enabled ? disable : start;
  const { user } = useSession();
  const staffHome = user?.isAdmin
    ? { to: '/admin', label: 'Back to Admin home' }
    : user?.isReviewer
      ? { to: '/admin/contribution-hub', label: 'Back to the review queue' }
      : null;
  const { field, submit } = oneProblemRequest(form, action, (v) => action.mutate(v));
  return (
    <SettingsCard
      title="Two-factor authentication"
      intro={
        enabled
          ? 'On: signing in asks for a code from your authenticator app (or a backup code).'
          : 'Off: add a code from an authenticator app to every sign-in. Admin and review actions require it.'
      }
    >
      {enabled && staffHome ? (
        // Staff came here because the admin screens asked for it (staff-second-factor.tsx): the way back.
        <Link to={staffHome.to} className={buttonVariants({ variant: 'primary' })} data-testid="staff-back">
          {staffHome.label}
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : null}
      {enrolment && !enabled ? (
        <Enrolment data={enrolment} onDone={() => setEnrolment(null)} />
      ) : (
        <OneProblemForm
          layout="card"
          {...submit}
          variant={enabled ? 'secondary' : undefined}
          icon={enabled ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
          label={enabled ? 'Turn off two-factor' : 'Set up authenticator app'}
        >
          <PasswordField label="Current password" autoComplete="current-password" {...field('password')} />
        </OneProblemForm>
      )}
    </SettingsCard>
  );
}
