import type { FormDraft } from '@/client/lib/form-draft';
import { MSG } from '@/shared/messages';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/**
 * The one notice a form shows when it put back a kept draft (lib/form-draft.ts): what
 * happened, and a way to throw the draft away. Nothing while the form starts fresh.
 */
export function DraftNotice({ draft, disabled }: { draft: FormDraft; disabled?: boolean }) {
  if (!draft.restored) return null;
  return (
    <div data-testid="draft-notice">
      <Alert tone="info">
        <span className="flex flex-wrap items-center justify-between gap-x-3">
          <span>{MSG.draft.restored}</span>
          <Button variant="link" className="min-h-11 w-fit" disabled={disabled} onClick={draft.discard}>
            {MSG.draft.discard}
          </Button>
        </span>
      </Alert>
    </div>
  );
}
