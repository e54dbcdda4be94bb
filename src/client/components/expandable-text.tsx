import { useState } from 'react';
import { cn } from '../lib/cn';

/** Static class names, so Tailwind sees every one. */
const CLAMP = { 4: 'line-clamp-4', 5: 'line-clamp-5', 6: 'line-clamp-6' } as const;

/**
 * A headed block of long free text (pre-line), clamped to `lines` lines with a
 * "Show all"/"Show less" toggle when it has more than `lines` lines or `maxChars` characters.
 */
export function ExpandableText({
  heading,
  text,
  lines,
  maxChars,
}: {
  heading: string;
  text: string;
  lines: keyof typeof CLAMP;
  maxChars: number;
}) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > maxChars || text.split('\n').length > lines;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium text-fg-soft">{heading}</h3>
      <p
        className={cn(
          'whitespace-pre-line break-words text-sm leading-6 text-fg-soft',
          long && !expanded && CLAMP[lines],
        )}
      >
        {text}
      </p>
      {long ? (
        <button
          type="button"
          className="-ml-2 min-h-11 w-fit rounded-lg px-2 text-sm font-medium text-accent-to hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show less' : 'Show all'}
        </button>
      ) : null}
    </div>
  );
}
