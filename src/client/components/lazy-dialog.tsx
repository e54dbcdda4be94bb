import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

/**
 * A dialog whose code is not part of its page's first task. Forms in dialogs carry their
 * own weight (form library, validation, image pickers, popovers): evaluated with the page,
 * they lengthen the one long task a phone spends before the page can answer a tap
 * (Lighthouse's total blocking time). Here the page renders nothing for the dialog until
 * it opens; the code is fetched while the browser is idle after the page is up, so the
 * first open is normally instant, and a dialog opened sooner waits only for its chunk.
 * Once opened it stays mounted, so closing keeps its animation and focus return.
 *
 * `isOpen` reads whether the props ask for the dialog to show (`open`, or a selected item).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchCode = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined; // a failed fetch is tried again when the dialog opens
        throw error;
      },
    );
    return loading;
  };
  const Dialog = lazy(fetchCode);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog, at module level, as lazy() is
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    useEffect(() => {
      if (typeof requestIdleCallback !== 'function') return;
      const idle = requestIdleCallback(() => void fetchCode().catch(() => undefined), { timeout: 4000 });
      return () => cancelIdleCallback(idle);
    }, []);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
