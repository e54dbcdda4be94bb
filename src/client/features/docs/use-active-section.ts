import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The id of the section in view: the one crossing a thin line a quarter of the
 * way down the viewport (an IntersectionObserver whose root is shrunk to that
 * line). At the very bottom of the page the last section wins, since a short
 * last section may never reach the line. `pin` marks a section as active right
 * away after a click and holds it while the smooth scroll runs.
 */
export function useActiveSection(ids: readonly string[]): [string, (id: string) => void] {
  const [active, setActive] = useState(ids[0] ?? '');
  const pinnedUntil = useRef(0);

  useEffect(() => {
    const free = () => Date.now() > pinnedUntil.current;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!free()) return;
        const hit = entries.find((e) => e.isIntersecting);
        if (hit) setActive(hit.target.id);
      },
      { rootMargin: '-25% 0px -74% 0px', threshold: 0 },
    );
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    const onScroll = () => {
      if (!free()) return;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
      const last = ids[ids.length - 1];
      if (atEnd && last) setActive(last);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [ids]);

  const pin = useCallback((id: string) => {
    pinnedUntil.current = Date.now() + 1000;
    setActive(id);
  }, []);

  return [active, pin];
}
