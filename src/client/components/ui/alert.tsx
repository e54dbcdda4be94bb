import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/** An inline message. Errors use role=alert so they are announced when they appear. */
export function Alert({
  tone = 'error',
  children,
  className,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm leading-6',
        tone === 'error' && 'border-declined/30 bg-declined/10 text-declined',
        tone === 'success' && 'border-approved/30 bg-approved/10 text-approved',
        tone === 'info' && 'border-line bg-surface-2 text-fg-soft',
        className,
      )}
    >
      <Icon className="mt-1 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
