import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Counter } from '@/client/components/counter';
import { DraftNotice } from '@/client/components/draft-notice';
import { FormActions, FormFooter } from '@/client/components/form-actions';
import { Optional } from '@/client/components/optional';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Field, TextareaField, UrlField } from '@/client/components/ui/field';
import { UploadProgress } from '@/client/components/upload-progress';
import { firstError, useSchemaForm } from '@/client/lib/form';
import { useDraftFiles, useFormDraft } from '@/client/lib/form-draft';
import { refusalMessage } from '@/client/lib/refusal-message';
import { useSession } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { localToday } from '@/shared/rules/bounty';
import { type BountyRequest, bountyImagesError, bountyRequestSchema } from '@/shared/schemas/bounties';
import { countWords } from '@/shared/text';
import { localTimeZone, useSubmitBountyRequest } from './api';
import { CriteriaPicker } from './criteria-picker';
import { ImagesField } from './images-field';

const EMPTY = {
  title: '',
  description: '',
  reward: '',
  deadline: '',
  contactInfo: '',
  resourceLink: '',
  criteria: [] as string[],
};

/** The live note under a field that stops at its limit (issue 20: 215/100 was refused only on submit). */
export function atLimit(value: string | undefined, max: number): string | undefined {
  return (value?.length ?? 0) >= max ? `You have reached the ${max}-character limit.` : undefined;
}

const NO_IMAGES: File[] = [];

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The server's words for a refusal it explains (validation, lock, images); the spec's otherwise. */
/**
 * Spec §5 bounty application form: every rule checked by the shared schema before
 * sending, in the spec's order; the form shows the first one broken, as one sentence.
 */
/** The title input's id: focus lands there when a rejected request fills the form. */
export const REQUEST_TITLE_ID = 'bounty-request-title';

/** What a rejected request puts in the form: its words and picks; a deadline already past is left to choose. */
function fieldsOf(r: BountyRequest, timeZone: string) {
  // The stored deadline is the last instant of its day in the requester's zone: that day again.
  const day = localToday(new Date(r.deadline), timeZone);
  const today = localToday(new Date(), timeZone);
  return {
    title: r.title,
    description: r.description,
    reward: r.reward,
    deadline: day >= today ? day : '',
    contactInfo: r.contactInfo,
    resourceLink: r.resourceLink ?? '',
    criteria: r.criteria,
  };
}

export function RequestForm({
  onSubmitted,
  draft = null,
  onClearDraft,
}: {
  onSubmitted: (a: BountyRequest) => void;
  /** A rejected request to start from (the form is remounted for each). */
  draft?: BountyRequest | null;
  onClearDraft?: () => void;
}) {
  const ids = useId();
  const problemId = `${ids}-problem`;
  // The server reads the deadline as a day in the zone of the user's profile.
  const me = useSession().user;
  const browserZone = useMemo(localTimeZone, []);
  const timeZone = me?.timeZone ?? browserZone;
  const schema = useMemo(() => bountyRequestSchema(() => new Date()), []);
  const form = useSchemaForm(schema, {
    defaultValues: { ...(draft ? fieldsOf(draft, timeZone) : EMPTY), timeZone },
    reValidateMode: 'onSubmit',
  });
  // Leaving the page keeps what was typed (and the picked images, in memory) until it is sent or
  // discarded; over a rejected request ("reusing") only the fields changed, kept per request.
  const formDraft = useFormDraft(form, { form: 'bounty-request', entity: draft?.id ?? null });
  const values = useWatch({ control: form.control });
  const [images, setImages] = useDraftFiles<File[]>(formDraft, 'images', NO_IMAGES);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const submit = useSubmitBountyRequest({
    onSuccess: ({ application }) => {
      toast.success(MSG.bounty.submitted);
      formDraft.clear();
      form.reset({ ...EMPTY, timeZone });
      setImages([]);
      onSubmitted(application);
    },
  });

  const submitFields = form.handleSubmit((fields) => {
    const tooMany = bountyImagesError(images);
    if (tooMany) {
      document.getElementById(`${ids}-images`)?.focus();
      return;
    }
    abortRef.current = new AbortController();
    setProgress(0);
    submit.mutate({ fields, images, onProgress: setProgress, signal: abortRef.current.signal });
  });
  // A refused pick is about a file that never joined the list: each submit says what holds now.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setImagesError(bountyImagesError(images));
    return submitFields(e);
  };

  // One sentence for the form: the first rule broken, else why the server refused. An images
  // problem is said under the images (where the user acted), never again at the bottom.
  const fieldProblem = firstError(form.formState.errors);
  const problem =
    fieldProblem ??
    (imagesError ? { field: 'images', message: imagesError } : null) ??
    (submit.isError && !isAbort(submit.error)
      ? { field: null, message: refusalMessage(submit.error, MSG.bounty.failed) }
      : null);
  /** Marks the field the form's sentence is about, and ties the sentence to it. */
  const mark = (field: string, describedBy?: string) => {
    const about = problem?.field === field;
    return {
      invalid: about,
      describedBy: [describedBy, about ? problemId : null].filter(Boolean).join(' ') || undefined,
    };
  };
  /** A text field that stops at its limit: the live count by its label, and a note once it is reached. */
  const limited = (name: 'title' | 'reward' | 'contactInfo', max: number, hint?: string) => ({
    aside: <Counter n={values[name]?.length ?? 0} max={max} />,
    hint: atLimit(values[name], max) ?? hint,
    maxLength: max,
    ...mark(name),
    ...form.register(name),
  });

  const busy = submit.isPending;
  const description = values.description ?? '';
  const minDeadline = localToday(new Date(), timeZone);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy || undefined}
      aria-labelledby={`${ids}-heading`}
      className="grid gap-6 rounded-2xl border border-line bg-surface p-5 sm:p-8"
    >
      <div className="grid gap-1">
        <h2 id={`${ids}-heading`} className="text-lg font-semibold tracking-tight text-fg">
          New bounty request
        </h2>
        <p className="text-sm text-muted">
          The admin reviews it before it goes live on the board. All fields are required unless marked
          optional.
        </p>
      </div>

      <DraftNotice draft={formDraft} disabled={busy} />
      {draft ? (
        <div data-testid="request-draft">
          <Alert tone="info">
            <span className="grid gap-1">
              <span>{MSG.bounty.reusing(draft.title)}</span>
              <Button
                variant="link"
                className="min-h-11 w-fit"
                onClick={() => {
                  formDraft.clear(); // starting empty throws the edits of this request away too
                  onClearDraft?.();
                }}
              >
                {MSG.bounty.startEmpty}
              </Button>
            </span>
          </Alert>
        </div>
      ) : null}

      <Field
        id={REQUEST_TITLE_ID}
        label="Title"
        placeholder="Build a liquidity dashboard"
        disabled={busy}
        {...limited('title', LIMITS.bountyTitleChars)}
      />

      <TextareaField
        label="Description"
        aside={
          <span className="flex flex-wrap justify-end gap-x-3" id={`${ids}-description-count`}>
            <Counter n={countWords(description)} max={LIMITS.bountyDescriptionWords} unit="words" />
            <Counter n={description.trim().length} max={LIMITS.bountyDescriptionChars} unit="characters" />
          </span>
        }
        rows={8}
        placeholder="What needs doing, what a great result looks like, and anything applicants should know."
        disabled={busy}
        {...mark('description', `${ids}-description-count`)}
        {...form.register('description')}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label="Reward"
          placeholder="500 USDC"
          disabled={busy}
          {...limited('reward', LIMITS.bountyRewardChars, 'Amount and token, e.g. 500 USDC.')}
        />
        <Field
          label="Deadline"
          hint={`The last day to apply, in the time zone of your profile (${timeZone}).`}
          type="date"
          min={minDeadline}
          disabled={busy}
          {...mark('deadline')}
          {...form.register('deadline')}
        />
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label="Contact"
          placeholder="@yourteam on Telegram"
          disabled={busy}
          {...limited(
            'contactInfo',
            LIMITS.bountyContactChars,
            'How applicants and the admin reach you: e-mail, Telegram or X.',
          )}
        />
        <UrlField
          label={<Optional>Resource link</Optional>}
          hint="A brief, a repository or a design file."
          placeholder="https://"
          maxLength={LIMITS.linkChars}
          disabled={busy}
          {...mark('resourceLink')}
          {...form.register('resourceLink')}
        />
      </div>

      <Controller
        control={form.control}
        name="criteria"
        render={({ field }) => (
          <CriteriaPicker
            id={`${ids}-criteria`}
            value={field.value ?? []}
            onChange={field.onChange}
            invalid={problem?.field === 'criteria'}
            disabled={busy}
          />
        )}
      />

      <ImagesField
        id={`${ids}-images`}
        files={images}
        onChange={(next) => {
          setImages(next);
          setImagesError(null);
        }}
        error={problem?.field === 'images' ? imagesError : null}
        onError={setImagesError}
        disabled={busy}
      />

      <FormFooter>
        {busy && images.length > 0 ? <UploadProgress fraction={progress} /> : null}
        <FormActions
          busy={busy}
          problem={problem && problem.field !== 'images' ? problem.message : null}
          problemId={problemId}
          cancel={
            busy && images.length > 0 ? (
              <Button variant="ghost" onClick={() => abortRef.current?.abort()}>
                Cancel upload
              </Button>
            ) : null
          }
          icon={<Send aria-hidden="true" />}
          label="Submit request"
          busyLabel="Submitting…"
          size="lg"
          className="sm:min-w-48"
        />
      </FormFooter>
    </form>
  );
}
