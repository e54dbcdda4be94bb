import { useId, useState } from 'react';

/**
 * A disclosure (WAI-ARIA's pattern): a button that shows and hides a region. `open` and
 * `setOpen` are its state, `id` names the region (`panelId` when given, else a fresh one),
 * and `button` goes on the button: aria-expanded, aria-controls and the toggle.
 */
export function useDisclosure(panelId?: string) {
  const [open, setOpen] = useState(false);
  const fresh = useId();
  const id = panelId ?? fresh;
  return {
    open,
    setOpen,
    id,
    button: { 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((o) => !o) },
  };
}
