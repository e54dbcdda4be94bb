import { RefreshCw } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

/** The icon button that re-reads a list; disabled, with a spinning icon, while it fetches. */
export function RefreshButton({ fetching, onRefresh }: { fetching: boolean; onRefresh: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label="Refresh the list" onClick={onRefresh} disabled={fetching}>
      <RefreshCw className={cn(fetching && 'animate-spin')} aria-hidden="true" />
    </Button>
  );
}
