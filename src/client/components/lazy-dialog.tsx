import { type ComponentType, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/client/lib/idle';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';

/** How the page closes the dialog: Radix's `onOpenChange`, or a plain `onClose`. */
type DialogProps = { onOpenChange: (open: boolean) => void } | { onClose: () => void };

const closeOf = (props: DialogProps) =>
  'onOpenChange' in props ? () => props.onOpenChange(false) : props.onClose;

/**
 * A dialog whose code is not part of its page's first task. Forms in dialogs carry their
 * own weight (form library, validation, image pickers, popovers): evaluated with the page,
 * they lengthen the one long task a phone spends before the page can answer a tap
 * (Lighthouse's total blocking time). Here the page renders nothing for the dialog until
 * it opens; the code is fetched once the browser is idle after the page is up, so the
 * first open is normally instant, and a dialog opened sooner waits only for its chunk.
 * Once opened it stays mounted, so closing keeps its animation and focus return.
 *
 * If the code cannot be fetched (offline, or a deploy replaced the files), the dialog
 * closes with a message and the page stays as it was; the next open fetches it again.
 *
 * `isOpen` reads whether the props ask for the dialog to show (`open`, or a selected item).
 */
export function lazyDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchCode = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // fetched again at the next open
        throw error;
      },
    );
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog, at module level, as lazy() is
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    const [Dialog, setDialog] = useState<ComponentType<P> | undefined>(() => loaded);
    if (open && !opened) setOpened(true);
    useEffect(() => {
      if (loaded) return;
      return whenIdle(() => void fetchCode().catch(() => undefined));
    }, []);
    const close = useRef(closeOf(props));
    close.current = closeOf(props);
    useEffect(() => {
      if (!opened || Dialog) return;
      let live = true;
      fetchCode().then(
        (component) => live && setDialog(() => component),
        () => {
          if (!live) return;
          setOpened(false);
          close.current();
          toast.error(MSG.common.dialogUnavailable);
        },
      );
      return () => {
        live = false;
      };
    }, [opened, Dialog]);
    return opened && Dialog ? <Dialog {...props} /> : null;
  }
  return LazyDialog;
}

/**
 * The `open` and `onOpenChange` of a dialog that is open while `value` is chosen (the entry
 * or the role it is about); closing it clears the choice.
 */
export function openWhile<T>(value: T | null, clear: (none: null) => void) {
  return {
    open: value !== null,
    onOpenChange: (open: boolean) => {
      if (!open) clear(null);
    },
  };
}
