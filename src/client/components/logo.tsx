import { cn } from '../lib/cn';

/** The Sysfi Labs mark (same drawing as public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true">
      <defs>
        <linearGradient id="sysfi-mark" x1="0" y1="32" x2="32" y2="0" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#sysfi-mark)" />
      <path
        d="M9.5 17.5 16 11l6.5 6.5"
        fill="none"
        stroke="#070a14"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M11.5 23 16 18.5l4.5 4.5"
        fill="none"
        stroke="#070a14"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity=".55"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-2.5 whitespace-nowrap', className)}>
      <LogoMark />
      <span className="text-[17px] font-semibold tracking-tight text-fg">
        Sysfi <span className="text-accent-gradient">Labs</span>
      </span>
    </span>
  );
}
