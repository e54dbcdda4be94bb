import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * Text cut to a few lines on a card, with "Read more" when (and only when) the cut hides
 * something: the whole text stays one click away, in place, with its own line breaks.
 */
export function ClampedText({ id, text, className }: { id: string; text: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text may be cut where the old one was not, at the same height
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const check = () => setCut(el.scrollHeight > el.clientHeight + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(check);
    watch.observe(el);
    return () => watch.disconnect();
  }, [open, text]);
  return (
    <>
      <p
        id={id}
        ref={ref}
        className={cn('break-words', open ? 'whitespace-pre-line' : 'line-clamp-3', className)}
      >
        {text}
      </p>
      {cut || open ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="-my-2 min-h-11 w-fit text-sm font-medium text-accent-to underline-offset-4 hover:underline"
        >
          {open ? 'Show less' : 'Read more'}
        </button>
      ) : null}
    </>
  );
}
