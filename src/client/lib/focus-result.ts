/**
 * Moves focus to what a successful submit produced (issue 20: "after a successful submit,
 * focus moves to the result"), once it is drawn: a screen reader reads it, and a keyboard
 * user goes on from there instead of from a form that is gone or emptied. `find` is asked
 * on each frame for up to about a second (the result may come with the next render or
 * after a refetch).
 */
export function focusResult(find: () => Element | null | undefined, frames = 60): void {
  const step = (left: number) =>
    requestAnimationFrame(() => {
      const el = find();
      if (el instanceof HTMLElement) {
        if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
        el.focus();
      } else if (left > 0) step(left - 1);
    });
  step(frames);
}

/** An element by id, for focusResult. */
export const byId = (id: string) => () => document.getElementById(id);
