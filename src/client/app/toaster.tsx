import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { Toaster } from 'sonner';
import { SHELL_LIMITS } from '@/shared/limits-shell';

/** The app's toaster (issue 20): bottom right, clear of the tab bar, distinct success / error / info. */
export function AppToaster() {
  return (
    <Toaster
      theme="dark"
      // Bottom right, clear of the mobile tab bar (--toast-bottom in styles.css): never over
      // the navigation. Success and error differ by colour and icon; the close button is quiet.
      position="bottom-right"
      offset={{ bottom: 'var(--toast-bottom)', right: 24 }}
      mobileOffset={{ bottom: 'var(--toast-bottom)', left: 16, right: 16 }}
      closeButton
      duration={SHELL_LIMITS.toastSuccessMs}
      icons={{
        success: <CircleCheck className="size-5 text-approved" aria-hidden="true" />,
        error: <CircleAlert className="size-5 text-declined" aria-hidden="true" />,
        info: <Info className="size-5 text-accent-to" aria-hidden="true" />,
      }}
      toastOptions={{
        classNames: {
          toast: 'rounded-xl! border-line! bg-surface-2! text-fg! font-sans! shadow-2xl! border-l-4!',
          success: 'border-l-approved!',
          error: 'border-l-declined! bg-[#2a1620]!',
          info: 'border-l-accent-to!',
          description: 'text-muted!',
          closeButton:
            'bg-transparent! border-transparent! text-subtle! hover:text-fg! hover:bg-surface-3! shadow-none!',
        },
      }}
    />
  );
}
