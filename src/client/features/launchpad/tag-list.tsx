import { Tag } from 'lucide-react';
import { cn } from '@/client/lib/cn';

/** How a tag looks: `saved` on a project card, `draft` in the create form's preview of what will be saved. */
const TONES = {
  saved: {
    chip: 'gap-1 border-line bg-surface-2 text-fg-soft',
    icon: 'text-accent-from',
  },
  draft: {
    chip: 'gap-1.5 border-accent-from/30 bg-accent-from/10 text-accent-from',
    icon: undefined,
  },
};

/** A project's tags as chips, in one named list (tags are unique whatever their case: parseTags). */
export function TagList({ tags, label, tone }: { tags: string[]; label: string; tone: keyof typeof TONES }) {
  if (tags.length === 0) return null;
  const { chip, icon } = TONES[tone];
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {tags.map((t) => (
        <li
          key={t}
          className={cn(
            'inline-flex max-w-full items-center rounded-full border px-2.5 py-1 text-xs font-medium',
            chip,
          )}
        >
          <Tag className={cn('size-3 shrink-0', icon)} aria-hidden="true" />
          <span className="truncate">{t}</span>
        </li>
      ))}
    </ul>
  );
}
