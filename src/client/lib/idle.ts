/**
 * Runs `task` once the browser is idle after the page is up (at most 4 s later), to fetch
 * code the member will likely want next (a dialog, a form) without slowing what is on
 * screen. Safari has no requestIdleCallback: a moment after the page is up instead.
 * Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(task, { timeout: 4000 });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(task, 2000);
  return () => clearTimeout(timer);
}
