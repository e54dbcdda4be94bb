import { Tooltip as T } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

export const TooltipProvider = T.Provider;

/**
 * A short hint beside its trigger, on hover and keyboard focus. Controlled use
 * (`open`/`onOpenChange`) lets a tap show it too, since touch screens have no hover.
 */
export function Tooltip({
  content,
  children,
  open,
  onOpenChange,
  side = 'bottom',
  className,
}: {
  content: ReactNode;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: ComponentProps<typeof T.Content>['side'];
  className?: string;
}) {
  return (
    <T.Root open={open} onOpenChange={onOpenChange} delayDuration={150}>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content
          side={side}
          sideOffset={8}
          collisionPadding={12}
          className={cn(
            'z-50 max-w-64 rounded-lg border border-line-strong bg-surface-3 px-3 py-2 text-xs font-medium leading-5 text-fg shadow-xl data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in',
            className,
          )}
        >
          {content}
          <T.Arrow className="fill-surface-3" width={10} height={5} />
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
