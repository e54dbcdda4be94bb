import { useRef, useSyncExternalStore } from 'react';

/**
 * Whether a pointer (mouse, finger, pen) is pressed anywhere in the page, until the click that
 * ends the press has been dispatched.
 *
 * Why: pressing a button moves the focus, and the field left behind may change what is drawn
 * above the button (an address field completes "orbit.xyz" to "https://orbit.xyz", the form
 * checks it again and its error line goes; a form that checks on leaving shows one). If that
 * moves the button before the pointer is released, the click lands elsewhere and is lost without
 * a word (outside review: a profile saved on the second click only).
 */
let pressed = false;
const listeners = new Set<() => void>();
let installed = false;

function set(next: boolean) {
  if (pressed === next) return;
  pressed = next;
  for (const l of listeners) l();
}

function install() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const opts = { capture: true, passive: true } as const;
  window.addEventListener('pointerdown', () => set(true), opts);
  // A task later: the click that follows the release is dispatched first, on what was pressed.
  const release = () => setTimeout(() => set(false), 0);
  window.addEventListener('pointerup', release, opts);
  window.addEventListener('pointercancel', release, opts);
  window.addEventListener('blur', release);
}

function subscribe(listener: () => void) {
  install();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** `value` as it was when a pointer went down, until it is released (the layout under it stays put). */
export function useSteadyWhilePressed<T>(value: T): T {
  const isPressed = useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  );
  const kept = useRef(value);
  if (!isPressed) kept.current = value;
  return kept.current;
}
