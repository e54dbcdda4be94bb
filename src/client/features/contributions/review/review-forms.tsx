import { Award, MessageSquareWarning, X } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { z } from 'zod';
import { PendingButton } from '@/client/components/pending-button';
import { QuickPicks, textPicks } from '@/client/components/quick-picks';
import { ReasonField } from '@/client/components/reason-field';
import { Field } from '@/client/components/ui/field';
import { errorFields, useSchemaForm } from '@/client/lib/form';
import { DECISION_NOTE_MAX } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { rejectSchema, requestChangesSchema, rewardSchema } from '@/shared/schemas/contributions';

/** One-tap amounts; any positive whole number can be typed. */
export const POINT_PRESETS = [10, 25, 50, 100] as const;

/** Quick reasons for a rejection (editable once picked). */
export const REASON_TEMPLATES = [
  'Off-topic',
  'Duplicate content',
  'Low effort',
  'Link not reachable',
] as const;

const REASON_MAX = DECISION_NOTE_MAX;

/** The shared rule, and a reviewer's own limit on top (the server checks it too). */
const rewardRule = (maxPoints: number | undefined) =>
  maxPoints === undefined
    ? rewardSchema
    : rewardSchema.refine((v) => v.points <= maxPoints, {
        message: MSG.reviewers.overLimit(maxPoints),
        path: ['points'],
      });

/** Points: a positive whole number ('Enter valid reward points'), checked by the shared schema. */
export function RewardForm({
  onSubmit,
  pending,
  submitLabel,
  maxPoints,
  autoFocus = false,
}: {
  onSubmit: (points: number) => void;
  pending: boolean;
  submitLabel: string;
  /** A reviewer's limit per item (issue 18); none for the admin. */
  maxPoints?: number | undefined;
  autoFocus?: boolean;
}) {
  const schema = useMemo(() => rewardRule(maxPoints), [maxPoints]);
  const amounts =
    maxPoints === undefined
      ? POINT_PRESETS
      : [...new Set([...POINT_PRESETS.filter((p) => p < maxPoints), maxPoints])];
  // The input holds text; the schema makes a whole number of it.
  const form = useSchemaForm(schema, { defaultValues: { points: '' }, mode: 'onTouched' });
  const { field } = errorFields(form);
  const points = String(form.watch('points') ?? '');
  return (
    <form
      noValidate
      className="grid min-w-0 grid-cols-1 gap-4"
      onSubmit={form.handleSubmit((v) => onSubmit(v.points))}
    >
      <Field
        label="Reward points"
        inputMode="numeric"
        autoComplete="off"
        placeholder="e.g. 25"
        autoFocus={autoFocus}
        hint={
          maxPoints === undefined
            ? "XP added to the contributor's balance."
            : `XP added to the contributor's balance; up to ${maxPoints} XP.`
        }
        className="[&_input]:tabular-nums"
        {...field('points')}
      />
      <QuickPicks
        label="Quick amounts"
        picks={amounts.map((p) => ({ value: String(p), text: `${p} XP` }))}
        current={points}
        onPick={(v) => form.setValue('points', v, { shouldValidate: true, shouldDirty: true })}
      />
      <div className="flex justify-end pt-1">
        <PendingButton
          type="submit"
          pending={pending}
          icon={<Award aria-hidden="true" />}
          className="w-full sm:w-auto"
        >
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}

/**
 * A note the contributor reads (a rejection's reason, what should change), required and
 * checked by the shared schema's field; templates fill it in one tap.
 */
function NoteForm({
  field,
  templates,
  templatesLabel,
  label,
  placeholder,
  danger,
  icon,
  onSubmit,
  pending,
  submitLabel,
  autoFocus = false,
}: {
  field: z.ZodType<string, string>;
  templates: readonly string[];
  templatesLabel: string;
  label: string;
  placeholder: string;
  danger: boolean;
  icon: ReactNode;
  onSubmit: (text: string) => void;
  pending: boolean;
  submitLabel: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const schema = useMemo(() => z.object({ text: field }), [field]);
  const form = useSchemaForm(schema, { defaultValues: { text: '' }, mode: 'onTouched' });
  const text = form.watch('text');
  const error = form.formState.errors.text?.message;
  return (
    <form
      noValidate
      className="grid min-w-0 grid-cols-1 gap-4"
      onSubmit={form.handleSubmit((v) => onSubmit(v.text.trim()))}
    >
      <QuickPicks
        label={templatesLabel}
        picks={textPicks(templates)}
        current={text}
        onPick={(v) => form.setValue('text', v, { shouldValidate: true, shouldDirty: true })}
      />
      <ReasonField
        id={id}
        label={label}
        rows={3}
        length={text.length}
        maxLength={REASON_MAX}
        autoFocus={autoFocus}
        placeholder={placeholder}
        error={error}
        {...form.register('text')}
      />
      <div className="flex justify-end pt-1">
        <PendingButton
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          pending={pending}
          icon={icon}
          className="w-full sm:w-auto"
        >
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}

type NoteFormProps = {
  onSubmit: (text: string) => void;
  pending: boolean;
  submitLabel: string;
  autoFocus?: boolean;
};

/** Reason required ('Reason is required'); templates fill it in one tap. */
export function RejectForm(props: NoteFormProps) {
  return (
    <NoteForm
      {...props}
      field={rejectSchema.shape.reason}
      templates={REASON_TEMPLATES}
      templatesLabel="Quick reasons"
      label="Reason"
      placeholder="What the contributor should know (they see this on their card)."
      danger
      icon={<X aria-hidden="true" />}
    />
  );
}

/** Quick notes for a change request (editable once picked). */
export const CHANGE_TEMPLATES = [
  'Link the original tweet',
  'Add what the thread is about',
  'Use a public link',
] as const;

/** Request changes (issue 18): what should change, required; the contributor edits and resubmits once. */
export function ChangesForm(props: Omit<NoteFormProps, 'submitLabel'>) {
  return (
    <NoteForm
      {...props}
      submitLabel={MSG.reviewers.requestChanges}
      field={requestChangesSchema.shape.note}
      templates={CHANGE_TEMPLATES}
      templatesLabel="Quick notes"
      label={MSG.reviewers.changesNoteLabel}
      placeholder="They see this on their card, edit the contribution and resubmit it once."
      danger={false}
      icon={<MessageSquareWarning aria-hidden="true" />}
    />
  );
}
