import { zodResolver } from '@hookform/resolvers/zod';
import { Award, MessageSquareWarning, X } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { cn } from '@/client/lib/cn';
import { MSG } from '@/shared/messages';
import { rejectSchema, requestChangesSchema, rewardSchema } from '@/shared/schemas/contributions';
import { DECISION_NOTE_MAX } from '@/shared/schemas/review';

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

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-11 items-center rounded-full border px-3.5 text-sm font-medium tabular-nums transition-colors sm:h-9',
        pressed
          ? 'border-accent-from/60 bg-accent-from/15 text-fg'
          : 'border-line bg-surface-2 text-fg-soft hover:border-line-strong hover:text-fg',
      )}
    >
      {children}
    </button>
  );
}

type RewardValues = { points: string };
/** The shared rule, and a reviewer's own limit on top (the server checks it too). */
const rewardResolver = (maxPoints: number | undefined) =>
  zodResolver(
    maxPoints === undefined
      ? rewardSchema
      : rewardSchema.refine((v) => v.points <= maxPoints, {
          message: MSG.reviewers.overLimit(maxPoints),
          path: ['points'],
        }),
  ) as unknown as Resolver<RewardValues, unknown, { points: number }>;

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
  const presets = useId();
  const resolver = useMemo(() => rewardResolver(maxPoints), [maxPoints]);
  const amounts =
    maxPoints === undefined
      ? POINT_PRESETS
      : [...new Set([...POINT_PRESETS.filter((p) => p < maxPoints), maxPoints])];
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<RewardValues, unknown, { points: number }>({
    defaultValues: { points: '' },
    resolver,
    mode: 'onTouched',
  });
  const points = watch('points');
  return (
    <form
      noValidate
      className="grid min-w-0 grid-cols-1 gap-4"
      onSubmit={handleSubmit((v) => onSubmit(v.points))}
    >
      <Field
        label="Reward points"
        inputMode="numeric"
        autoComplete="off"
        placeholder="e.g. 25"
        autoFocus={autoFocus}
        error={errors.points?.message}
        hint={
          maxPoints === undefined
            ? "XP added to the contributor's balance."
            : `XP added to the contributor's balance; up to ${maxPoints} XP.`
        }
        className="[&_input]:tabular-nums"
        {...register('points')}
      />
      <div className="grid gap-2">
        <p id={presets} className="text-xs font-medium text-muted">
          Quick amounts
        </p>
        <fieldset aria-labelledby={presets} className="flex flex-wrap gap-2">
          {amounts.map((p) => (
            <Chip
              key={p}
              pressed={points.trim() === String(p)}
              onClick={() => setValue('points', String(p), { shouldValidate: true, shouldDirty: true })}
            >
              {`${p} XP`}
            </Chip>
          ))}
        </fieldset>
      </div>
      <div className="flex justify-end pt-1">
        <Button type="submit" pending={pending} className="w-full sm:w-auto">
          {pending ? null : <Award aria-hidden="true" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

type NoteValues = { text: string };

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
  const resolver = useMemo(() => zodResolver(z.object({ text: field })), [field]);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<NoteValues>({ defaultValues: { text: '' }, resolver, mode: 'onTouched' });
  const text = watch('text');
  const error = errors.text?.message;
  return (
    <form
      noValidate
      className="grid min-w-0 grid-cols-1 gap-4"
      onSubmit={handleSubmit((v) => onSubmit(v.text.trim()))}
    >
      <div className="grid gap-2">
        <p id={`${id}-templates`} className="text-xs font-medium text-muted">
          {templatesLabel}
        </p>
        <fieldset aria-labelledby={`${id}-templates`} className="flex flex-wrap gap-2">
          {templates.map((t) => (
            <Chip
              key={t}
              pressed={text.trim() === t}
              onClick={() => setValue('text', t, { shouldValidate: true, shouldDirty: true })}
            >
              {t}
            </Chip>
          ))}
        </fieldset>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Textarea
          id={id}
          rows={3}
          maxLength={REASON_MAX}
          autoFocus={autoFocus}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-count`}
          {...register('text')}
        />
        <div className="flex items-start justify-between gap-3">
          {error ? (
            <p id={`${id}-error`} className="text-xs font-medium text-declined">
              {error}
            </p>
          ) : (
            <span />
          )}
          <p id={`${id}-count`} className="text-xs tabular-nums text-subtle">
            {text.length}/{REASON_MAX}
          </p>
        </div>
      </div>
      <div className="flex justify-end pt-1">
        <Button
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          pending={pending}
          className="w-full sm:w-auto"
        >
          {pending ? null : icon}
          {submitLabel}
        </Button>
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
