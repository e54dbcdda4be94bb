import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ComponentProps, type ReactNode, useRef } from 'react';
import { cn } from '@/client/lib/cn';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/** The page's main region, where focus goes when a dialog's opener is gone. */
function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/**
 * A centred modal (a bottom sheet on phones) with a title, focus trap and Escape to close.
 * On close, focus goes back to what had it when the dialog opened. Radix only does
 * that for a Dialog.Trigger; these dialogs are opened by state, which would leave
 * focus on <body>, the top of the page for the next Tab. When the opener is gone
 * or can't take focus (the item it belonged to was just decided), focus goes to
 * the main region, so the next Tab continues in the page's content.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof D.Content> & { title: ReactNode; description?: ReactNode }) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-ink/75 backdrop-blur-sm data-[state=open]:animate-fade-in" />
      <D.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl border border-line bg-surface p-6 shadow-2xl outline-none data-[state=open]:animate-rise',
          'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(e) => {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          if (e.defaultPrevented) return;
          e.preventDefault();
          const el = opener.current;
          opener.current = null;
          if (el?.isConnected) el.focus({ preventScroll: true });
          // Gone, hidden or disabled by now (an Apply button that became 'Application Submitted').
          if (!el || document.activeElement !== el) focusMain();
        }}
        {...props}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <D.Title className="text-lg font-semibold text-fg">{title}</D.Title>
            {description ? <D.Description className="text-sm text-muted">{description}</D.Description> : null}
          </div>
          <D.Close
            className="-m-2 grid size-11 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden="true" />
          </D.Close>
        </div>
        {children}
      </D.Content>
    </D.Portal>
  );
}
