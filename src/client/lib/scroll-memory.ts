/**
 * Where each visited page was scrolled to, by history entry, so Back returns to
 * the same place in a long list (issue 16). Kept for the tab's life in memory:
 * a reload starts at the top, as a new visit does.
 */
const positions = new Map<string, number>();
const MAX_ENTRIES = 200;

export function rememberScroll(entry: string, y: number): void {
  positions.delete(entry);
  if (positions.size >= MAX_ENTRIES) positions.delete(positions.keys().next().value!);
  positions.set(entry, y);
}

export function rememberedScroll(entry: string): number | undefined {
  return positions.get(entry);
}

/**
 * Scrolls to `y` once the page is tall enough (its lists may still be rendering
 * from the cache), for at most `timeoutMs`; stops early when the user scrolls.
 * Returns a function that cancels.
 */
export function restoreScroll(y: number, timeoutMs = 2000): () => void {
  const until = performance.now() + timeoutMs;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const e of USER_SCROLL) window.removeEventListener(e, stop);
  };
  const USER_SCROLL = ['wheel', 'touchstart', 'keydown'] as const;
  for (const e of USER_SCROLL) window.addEventListener(e, stop, { passive: true, once: true });
  const step = () => {
    window.scrollTo({ top: y, left: 0, behavior: 'instant' });
    if (Math.abs(window.scrollY - y) < 2 || performance.now() > until) stop();
    else frame = requestAnimationFrame(step);
  };
  step();
  return stop;
}
