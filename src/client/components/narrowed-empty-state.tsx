import type { ComponentProps, ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { Button } from './ui/button';

/**
 * The empty state of a list the viewer narrows (chips, a search, a filter panel): while
 * `clear` is given (the list is narrowed), its one action widens the list again ("Show all
 * bounties"); otherwise it shows the way on, `link` ("Request a bounty").
 */
export function NarrowedEmptyState({
  clear,
  link,
  ...state
}: Omit<ComponentProps<typeof EmptyState>, 'action' | 'link'> & {
  /** Present while the list is narrowed: the button's words and what it resets. */
  clear?: { label: ReactNode; onClear: () => void };
  link?: ComponentProps<typeof EmptyState>['link'];
}) {
  if (!clear) return <EmptyState {...state} link={link} />;
  return (
    <EmptyState
      {...state}
      action={
        <Button variant="secondary" onClick={clear.onClear}>
          {clear.label}
        </Button>
      }
    />
  );
}
