import { type ReactNode, useId } from 'react';

/**
 * One card of the account's settings (password, two-factor, devices, mail): a heading that
 * names the section, a line on what it does, then its content.
 */
export function SettingsCard({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 text-sm leading-6 text-muted">{intro}</p>
      {children}
    </section>
  );
}
