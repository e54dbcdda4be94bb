import { Send } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Counter } from '@/client/components/counter';
import { DraftNotice } from '@/client/components/draft-notice';
import { FormActions } from '@/client/components/form-actions';
import { Optional } from '@/client/components/optional';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { TextareaField, UrlField } from '@/client/components/ui/field';
import { errorMessage } from '@/client/lib/api';
import { errorFields, maxLengthOf, useSchemaForm } from '@/client/lib/form';
import { useFormDraft } from '@/client/lib/form-draft';
import { LIMITS } from '@/shared/limits';
import { type Bounty, bountyApplySchema } from '@/shared/schemas/bounties';
import { type ApplyOutcome, applyRefusal, useApplyToBounty } from './api';

const limit = maxLengthOf(bountyApplySchema);
const EMPTY = { pitch: '', link: '' };

/**
 * The apply action the spec leaves out: what you will do, and an optional link
 * (a draft, a portfolio). One application per bounty; the requester and the
 * admin read it.
 */
export function ApplyDialog({
  bounty,
  onOpenChange,
  onDone,
}: {
  bounty: Bounty | null;
  onOpenChange: (open: boolean) => void;
  onDone: (bounty: Bounty, outcome: ApplyOutcome) => void;
}) {
  const countId = useId();
  const form = useSchemaForm(bountyApplySchema, { defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  // A plan typed for a bounty survives closing the dialog, per bounty, until it is sent or discarded.
  const draft = useFormDraft(form, { form: 'bounty-apply', entity: bounty?.id, active: !!bounty });
  const { field: errorField } = errorFields(form);
  const pitch = useWatch({ control: form.control, name: 'pitch' }) ?? '';

  const apply = useApplyToBounty({
    onSuccess: (_res, { bounty }) => {
      draft.clear();
      onDone(bounty, 'applied');
    },
    onError: (err, { bounty }) => {
      const refusal = applyRefusal(err);
      // Refused for good (already applied, closed): the draft can never be sent.
      if (!refusal) return;
      draft.clear();
      onDone(bounty, refusal);
    },
  });
  const { reset } = form;
  const { reset: resetMutation } = apply;

  // Each bounty starts from the empty form when the dialog closes, and its own kept draft
  // (put back by useFormDraft) when it opens.
  const open = !!bounty;
  useEffect(() => {
    if (open) return;
    reset(EMPTY);
    resetMutation();
  }, [open, reset, resetMutation]);

  const submit = form.handleSubmit(({ pitch, link }) => {
    if (bounty) apply.mutate({ bounty, pitch, link });
  });
  // Refusals that close the dialog are the page's to tell; any other failure stays here.
  const failure = apply.isError && !applyRefusal(apply.error) ? errorMessage(apply.error) : null;

  const busy = apply.isPending;
  /** An input of the form: its schema message, and it waits while the application is sent. */
  const field = (name: Parameters<typeof errorField>[0]) => ({ ...errorField(name), disabled: busy });
  return (
    <Dialog open={!!bounty} onOpenChange={(o) => !busy && onOpenChange(o)}>
      {bounty ? (
        <DialogContent
          title={`Apply for “${bounty.title}”`}
          description={`Reward: ${bounty.reward}. Tell the team how you would deliver it. You can apply once.`}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={busy || undefined}>
            <DraftNotice draft={draft} disabled={busy} />
            <TextareaField
              label="What will you do?"
              below={
                <Counter id={countId} n={pitch.length} max={LIMITS.bountyPitchChars} className="shrink-0" />
              }
              describedBy={countId}
              rows={5}
              maxLength={LIMITS.bountyPitchChars}
              placeholder="Your plan, what you will deliver and by when."
              {...field('pitch')}
            />
            <UrlField
              label={<Optional>Link</Optional>}
              placeholder="https://github.com/you/draft"
              maxLength={limit('link')}
              hint="A draft, a repository or earlier work."
              {...field('link')}
            />
            <FormActions
              busy={busy}
              problem={failure}
              onCancel={() => onOpenChange(false)}
              icon={<Send aria-hidden="true" />}
              label="Send application"
              busyLabel="Sending…"
            />
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
