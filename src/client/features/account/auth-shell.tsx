import type { ComponentProps, ReactNode } from 'react';
import { LogoMark } from '@/client/components/logo';
import { NextStep } from '@/client/components/next-step';
import { cn } from '@/client/lib/cn';

/** The centred, glowing card every account page sits in. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="relative isolate overflow-hidden">
      <div
        className="pointer-events-none absolute left-1/2 top-0 -z-10 h-[28rem] w-[44rem] max-w-none -translate-x-1/2 -translate-y-1/3 rounded-full bg-[radial-gradient(closest-side,rgb(139_92_246/0.28),transparent)] blur-2xl"
        aria-hidden="true"
      />
      <div className={cn('mx-auto w-full px-4 pb-16 pt-8 sm:pt-14', wide ? 'max-w-xl' : 'max-w-md')}>
        <div className="animate-rise rounded-3xl border border-line bg-surface/90 p-6 shadow-2xl shadow-black/40 backdrop-blur sm:p-8">
          <div className="mb-6 grid gap-3">
            <LogoMark className="size-10" />
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
            {subtitle ? <p className="text-sm leading-6 text-muted">{subtitle}</p> : null}
          </div>
          {children}
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-muted">{footer}</div> : null}
      </div>
    </div>
  );
}

/**
 * An account page that is only how something ended and the one way on: a link that no longer
 * works, a password changed, a session ended.
 */
export function AuthNextStep({ title, ...step }: { title: ReactNode } & ComponentProps<typeof NextStep>) {
  return (
    <AuthShell title={title}>
      <NextStep {...step} />
    </AuthShell>
  );
}

/** Done, and the way on is to log in: a password reset, a session ended from a mail. */
export function AuthDone({ title, message }: { title: ReactNode; message: ReactNode }) {
  return <AuthNextStep title={title} tone="success" message={message} to="/login" action="Log in" />;
}

/** A text link styled for the auth pages. */
export const authLinkClass =
  'font-medium text-accent-to underline-offset-4 hover:underline focus-visible:underline rounded-sm';
