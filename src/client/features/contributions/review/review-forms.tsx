import { zodResolver } from '@hookform/resolvers/zod';
import { Award, X } from 'lucide-react';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { cn } from '@/client/lib/cn';
import { rejectSchema, rewardSchema } from '@/shared/schemas/contributions';
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
const rewardResolver = zodResolver(rewardSchema) as unknown as Resolver<
  RewardValues,
  unknown,
  { points: number }
>;

/** Points: a positive whole number ('Enter valid reward points'), checked by the shared schema. */
export function RewardForm({
  onSubmit,
  pending,
  submitLabel,
  autoFocus = false,
}: {
  onSubmit: (points: number) => void;
  pending: boolean;
  submitLabel: string;
  autoFocus?: boolean;
}) {
  const presets = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<RewardValues, unknown, { points: number }>({
    defaultValues: { points: '' },
    resolver: rewardResolver,
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
        hint="XP added to the contributor's balance."
        className="[&_input]:tabular-nums"
        {...register('points')}
      />
      <div className="grid gap-2">
        <p id={presets} className="text-xs font-medium text-muted">
          Quick amounts
        </p>
        <fieldset aria-labelledby={presets} className="flex flex-wrap gap-2">
          {POINT_PRESETS.map((p) => (
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

type RejectValues = { reason: string };
const rejectResolver = zodResolver(rejectSchema) as unknown as Resolver<RejectValues, unknown, RejectValues>;

/** Reason required ('Reason is required'); templates fill it in one tap. */
export function RejectForm({
  onSubmit,
  pending,
  submitLabel,
  autoFocus = false,
}: {
  onSubmit: (reason: string) => void;
  pending: boolean;
  submitLabel: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<RejectValues>({ defaultValues: { reason: '' }, resolver: rejectResolver, mode: 'onTouched' });
  const reason = watch('reason');
  const error = errors.reason?.message;
  return (
    <form
      noValidate
      className="grid min-w-0 grid-cols-1 gap-4"
      onSubmit={handleSubmit((v) => onSubmit(v.reason.trim()))}
    >
      <div className="grid gap-2">
        <p id={`${id}-templates`} className="text-xs font-medium text-muted">
          Quick reasons
        </p>
        <fieldset aria-labelledby={`${id}-templates`} className="flex flex-wrap gap-2">
          {REASON_TEMPLATES.map((t) => (
            <Chip
              key={t}
              pressed={reason.trim() === t}
              onClick={() => setValue('reason', t, { shouldValidate: true, shouldDirty: true })}
            >
              {t}
            </Chip>
          ))}
        </fieldset>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id}>Reason</Label>
        <Textarea
          id={id}
          rows={3}
          maxLength={REASON_MAX}
          autoFocus={autoFocus}
          placeholder="What the contributor should know (they see this on their card)."
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-count`}
          {...register('reason')}
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
            {reason.length}/{REASON_MAX}
          </p>
        </div>
      </div>
      <div className="flex justify-end pt-1">
        <Button type="submit" variant="danger" pending={pending} className="w-full sm:w-auto">
          {pending ? null : <X aria-hidden="true" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
