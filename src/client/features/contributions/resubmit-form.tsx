import { RotateCcw } from 'lucide-react';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Field, UrlField } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { focusResult } from '@/client/lib/focus-result';
import { maxLengthOf, useSchemaForm } from '@/client/lib/form';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import {
  CONTRIBUTION_TYPES,
  type Contribution,
  contributionSubmitSchema,
} from '@/shared/schemas/contributions';
import { useResubmitContribution } from './api';

const limit = maxLengthOf(contributionSubmitSchema);

const M = MSG.reviewers;

/**
 * A contribution a reviewer sent back (issue 18): their note, and the owner's one edit of
 * its title and link, checked by the submit form's own schema (the type stays as sent).
 * Once resubmitted it is back in the queue; it does not count toward the daily limit.
 */
export function ChangesRequested({ item }: { item: Contribution }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(contributionSubmitSchema, {
    defaultValues: {
      title: item.title,
      link: item.link ?? '',
      type: CONTRIBUTION_TYPES.find((t) => t === item.type) ?? 'tweet',
      hasFile: !!item.fileUrl,
    },
  });
  const send = useResubmitContribution(item.id, {
    onSuccess: () => {
      toast.success(M.resubmitted);
      // The form leaves with the refetch; focus goes to the card, pending again (issue 20).
      focusResult(() => document.querySelector(`[id="contribution-${item.id}"][data-status="pending"]`), 180);
    },
    onError: (err) => {
      const message = err instanceof ApiError && err.fromServer ? err.message : MSG.contribution.submitFailed;
      if (err instanceof ApiError && err.status === 409 && err.message === MSG.contribution.duplicate)
        setError('link', { message });
      else setError('root', { message });
    },
  });
  return (
    <div
      className="grid gap-4 rounded-xl border border-pending/30 bg-pending/[0.06] p-4"
      data-testid="changes-requested"
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold text-fg">{M.changesRequestedTitle}</p>
        <p className="whitespace-pre-line break-words text-sm text-fg-soft">{item.changesNote}</p>
      </div>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={handleSubmit((v) => send.mutate({ title: v.title, ...(v.link ? { link: v.link } : {}) }))}
      >
        <Field
          label="Title"
          error={errors.title?.message}
          maxLength={limit('title')}
          {...register('title')}
        />
        {item.fileUrl && item.type === 'file' ? null : (
          <UrlField
            label={item.type === 'tweet' ? 'Tweet link' : 'Link'}
            error={errors.link?.message}
            maxLength={limit('link')}
            {...register('link')}
          />
        )}
        {errors.root?.message ? <Alert>{errors.root.message}</Alert> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-muted">{M.resubmitOnce}</p>
          <Button type="submit" pending={send.isPending}>
            {send.isPending ? null : <RotateCcw aria-hidden="true" />}
            {M.resubmit}
          </Button>
        </div>
      </form>
    </div>
  );
}
