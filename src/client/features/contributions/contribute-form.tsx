import { CircleCheck, Send, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { DraftNotice } from '@/client/components/draft-notice';
import { PendingButton } from '@/client/components/pending-button';
import { Alert } from '@/client/components/ui/alert';
import { Field, UrlField } from '@/client/components/ui/field';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { ApiError } from '@/client/lib/api';
import { maxLengthOf } from '@/client/lib/form';
import { useFormDraft } from '@/client/lib/form-draft';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import { tweetId } from '@/shared/rules/links';
import {
  type Contribution,
  type ContributionType,
  contributionSubmitSchema,
  OFFERED_CONTRIBUTION_TYPES,
} from '@/shared/schemas/contributions';
import { acceptOf, megabytesOf, UPLOADS } from '@/shared/uploads';
import { useSubmitContribution } from './api';
import { TYPE_LABEL } from './format';

const limit = maxLengthOf(contributionSubmitSchema);

type FormValues = { title: string; type: ContributionType; link: string; file: File | null };

const EMPTY: FormValues = { title: '', type: OFFERED_CONTRIBUTION_TYPES[0], link: '', file: null };

/** What each type asks for. Only OFFERED_CONTRIBUTION_TYPES are listed; the rest stay ready. */
const NEEDS: Record<ContributionType, { link: 'tweet' | 'optional' | 'none'; file: boolean }> = {
  tweet: { link: 'tweet', file: false },
  link: { link: 'optional', file: false },
  file: { link: 'optional', file: true },
};

/**
 * The shared schema checks the form exactly as the server will (spec §5); a file over
 * 20 MB is refused before any upload. Not useSchemaForm: the form holds the File itself
 * (the schema, shared with the server, knows only `hasFile`), a file contribution's
 * "link or file" problem is shown beside the file input, and the size is a client check.
 */
const resolver: Resolver<FormValues> = async (values) => {
  const errors: FieldErrors<FormValues> = {};
  const parsed = contributionSubmitSchema.safeParse({
    title: values.title,
    type: values.type,
    link: values.link,
    hasFile: !!values.file,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      let field = issue.path[0] as keyof FormValues | 'hasFile';
      if (field === 'link' && values.type === 'file') field = 'file';
      if (field === 'hasFile') field = 'title';
      if (!errors[field]) errors[field] = { type: 'validate', message: issue.message };
    }
  }
  if (values.file && values.file.size > UPLOADS.contributionFile.maxBytes && !errors.file) {
    errors.file = { type: 'validate', message: MSG.contribution.fileTooLarge };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** The server's words when it explains a refusal; ours when something unexpected broke. */
export function submitErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.fromServer) return err.message;
  return MSG.contribution.submitFailed;
}

/**
 * The submit form (spec §2, §5): title, type and the tweet link, checked live with
 * the shared tweet rule. Disabled, with the spec's message, once today's 5 are used.
 */
export function ContributeForm({
  atLimit,
  onSubmitted,
  onRefused,
}: {
  atLimit: boolean;
  onSubmitted: (c: Contribution) => void;
  /** The server refused (e.g. the daily limit reached in another tab): refresh the numbers. */
  onRefused: () => void;
}) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<FormValues>({ defaultValues: EMPTY, resolver, mode: 'onTouched' });
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setValue,
    setError,
    formState: { errors },
  } = form;
  // Closing the Contribute toggle unmounts the form: what was typed (and a picked file, in
  // memory) comes back when it opens again, until it is sent or discarded.
  const draft = useFormDraft(form, { form: 'contribution' });

  // A file put back from the draft is shown in its input (a file input cannot be given a value).
  const file = watch('file');
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = fileInput.current;
    if (!input || !file || input.files?.[0] === file) return;
    const picked = new DataTransfer();
    picked.items.add(file);
    input.files = picked.files;
  }, [file]);

  const type = watch('type');
  const link = watch('link');
  const needs = NEEDS[type];
  const liveTweet = needs.link === 'tweet' && link.trim() ? tweetId(link) : null;

  const submit = useSubmitContribution({
    onSuccess: (c) => {
      toast.success(MSG.contribution.submitted);
      draft.clear();
      reset(EMPTY);
      onSubmitted(c);
    },
    onError: (err) => {
      const message = submitErrorMessage(err);
      // Refusals about the link belong beside it, so they stay; said there, not again in a toast.
      if (message === MSG.contribution.duplicate || message.startsWith(MSG.contribution.invalidTweet))
        setError('link', { type: 'server', message }, { shouldFocus: true });
      else toast.error(message);
      if (err instanceof ApiError && err.fromServer && err.status >= 400 && err.status < 500) onRefused();
    },
    onSettled: () => setProgress(null),
  });

  const busy = submit.isPending;
  const linkError = errors.link?.message;
  const fileError = errors.file?.message;

  return (
    <form
      noValidate
      className="grid min-w-0 grid-cols-1 gap-5"
      aria-label="Submit a contribution"
      onSubmit={handleSubmit((v) => {
        setProgress(null);
        submit.mutate({
          title: v.title.trim(),
          type: v.type,
          link: v.link,
          file: v.file ?? undefined,
          onProgress: v.file ? setProgress : undefined,
        });
      })}
    >
      {atLimit ? (
        <Alert tone="info" className="border-pending/30 bg-pending/[0.08] text-fg">
          <span data-testid="daily-limit">{MSG.contribution.dailyLimit}</span>{' '}
          <span className="text-muted">Come back after midnight, your time.</span>
        </Alert>
      ) : null}
      <DraftNotice draft={draft} disabled={busy} />
      <fieldset disabled={atLimit || busy} className="grid min-w-0 gap-5">
        <legend className="sr-only">Contribution details</legend>
        <Field
          label="Title"
          placeholder="e.g. Thread on the Sysfi launchpad"
          autoComplete="off"
          maxLength={limit('title')}
          error={errors.title?.message}
          {...register('title')}
        />

        <div className="grid content-start gap-2">
          <Label htmlFor={id('type')}>Type</Label>
          <Select id={id('type')} {...register('type')}>
            {OFFERED_CONTRIBUTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </Select>
        </div>

        {needs.link !== 'none' ? (
          <UrlField
            label={needs.link === 'tweet' ? 'Tweet link' : 'Link'}
            placeholder={
              needs.link === 'tweet'
                ? 'https://x.com/your_handle/status/1234567890'
                : 'https://example.com/post'
            }
            error={linkError}
            hint={
              liveTweet && !linkError ? (
                <span className="inline-flex items-center gap-1.5 text-approved" data-testid="tweet-ok">
                  <CircleCheck className="size-3.5" aria-hidden="true" />
                  Tweet found · id <span className="tabular-nums">{liveTweet}</span>
                </span>
              ) : needs.link === 'tweet' ? (
                'A post on x.com or twitter.com with /status/ in its address.'
              ) : (
                'Optional when you attach a file.'
              )
            }
            {...register('link')}
          />
        ) : null}

        {needs.file ? (
          <div className="grid content-start gap-2">
            <Label htmlFor={id('file')}>File</Label>
            <input
              ref={fileInput}
              id={id('file')}
              type="file"
              accept={acceptOf(UPLOADS.contributionFile)}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${id('file')}-error` : `${id('file')}-hint`}
              className="block w-full min-w-0 cursor-pointer rounded-xl border border-line bg-ink-2 text-sm text-fg-soft file:mr-3 file:h-11 file:cursor-pointer file:border-0 file:bg-surface-3 file:px-4 file:text-fg hover:border-line-strong"
              onChange={(e) =>
                setValue('file', e.target.files?.[0] ?? null, { shouldValidate: true, shouldDirty: true })
              }
            />
            {fileError ? (
              <p id={`${id('file')}-error`} className="text-xs font-medium text-declined">
                {fileError}
              </p>
            ) : (
              <p id={`${id('file')}-hint`} className="text-xs text-muted">
                An image or a PDF, up to {megabytesOf(UPLOADS.contributionFile)}.
              </p>
            )}
          </div>
        ) : null}
      </fieldset>

      {progress !== null ? (
        <div className="grid gap-1.5" role="status" aria-live="polite">
          <div className="h-1.5 overflow-hidden rounded-full bg-surface-3">
            <div
              className="h-full rounded-full bg-accent-gradient transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
          <p className="text-xs tabular-nums text-muted">
            <Upload className="mr-1 inline size-3" aria-hidden="true" />
            Uploading… {Math.round(progress * 100)}%
          </p>
        </div>
      ) : null}

      <div className="flex justify-end">
        <PendingButton
          type="submit"
          pending={busy}
          icon={<Send aria-hidden="true" />}
          disabled={atLimit}
          className="w-full sm:w-auto"
        >
          Submit contribution
        </PendingButton>
      </div>
    </form>
  );
}
