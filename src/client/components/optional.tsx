import type { ReactNode } from 'react';

/** A label whose field may be left empty, marked so: "GitHub URL (optional)". */
export function Optional({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="font-normal text-subtle">(optional)</span>
    </>
  );
}
