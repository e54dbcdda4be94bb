import { LogoMark } from './logo';

/** Full-screen loader shown until the first auth check completes (spec §4 Session). */
export function BrandLoader({ label = 'Loading Sysfi Labs' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center bg-ink">
      <div className="flex flex-col items-center gap-5">
        <div className="relative">
          <div
            className="absolute -inset-6 rounded-full bg-accent-gradient opacity-25 blur-2xl"
            aria-hidden="true"
          />
          <LogoMark className="relative size-12 animate-pulse" />
        </div>
        <div className="h-1 w-28 overflow-hidden rounded-full bg-surface-3" aria-hidden="true">
          <div className="h-full w-1/3 animate-loader rounded-full bg-accent-gradient" />
        </div>
        <span className="sr-only">{label}</span>
      </div>
    </div>
  );
}
