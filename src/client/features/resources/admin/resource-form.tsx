import { type ReactNode, useId, useState } from 'react';
import { FormActions } from '@/client/components/form-actions';
import { Alert } from '@/client/components/ui/alert';
import { Field, SelectField } from '@/client/components/ui/field';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useSchemaForm } from '@/client/lib/form';
import { MSG } from '@/shared/messages';
import { resourceInputSchema } from '@/shared/schemas/resources';

export type Values = { title: string; category: string; link: string };
export const EMPTY: Values = { title: '', category: '', link: '' };

export function failure(err: unknown): string {
  if (err instanceof ApiError && err.status === 403) return MSG.admin.unauthorized;
  return errorMessage(err, MSG.admin.error);
}

/** The select's option that turns it into a field for a new category's name (never stored). */
const NEW_CATEGORY = '__new_category__';

/** Title, category (one in use, or a new one) and an http(s) link, checked with the shared schema. */
export function ResourceForm({
  initial,
  categories,
  submitLabel,
  pendingLabel,
  icon,
  onSubmit,
  onCancel,
}: {
  initial: Values;
  categories: string[];
  submitLabel: string;
  pendingLabel: string;
  icon: ReactNode;
  onSubmit: (v: Values) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(resourceInputSchema, { defaultValues: initial });
  // A select of the categories in use, with "New category…" for a name of one's own.
  const [newCategory, setNewCategory] = useState(false);
  const choosing = categories.length > 0 && !newCategory;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit(async (v) => {
        setProblem(null);
        try {
          await onSubmit(v);
          if (!onCancel) {
            reset(EMPTY);
            setNewCategory(false);
          }
        } catch (err) {
          setProblem(failure(err));
        }
      })}
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field
          id={`${ids}-title`}
          label="Title"
          placeholder="Smart contract security checklist"
          maxLength={200}
          disabled={isSubmitting}
          error={errors.title?.message}
          {...register('title')}
        />
        {choosing ? (
          <SelectField
            id={`${ids}-category`}
            label="Category"
            disabled={isSubmitting}
            error={errors.category?.message}
            {...register('category', {
              onChange: (e: { target: { value: string } }) => {
                if (e.target.value !== NEW_CATEGORY) return;
                setValue('category', '');
                setNewCategory(true);
              },
            })}
          >
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
            <option value={NEW_CATEGORY}>New category…</option>
          </SelectField>
        ) : (
          <Field
            id={`${ids}-category`}
            label={categories.length > 0 ? 'New category' : 'Category'}
            placeholder="Guides"
            maxLength={40}
            autoComplete="off"
            // Typed into right after choosing "New category…" from the list.
            autoFocus={newCategory}
            disabled={isSubmitting}
            error={errors.category?.message}
            hint={
              categories.length > 0 ? (
                <button
                  type="button"
                  className="font-medium text-accent-to underline underline-offset-4"
                  onClick={() => {
                    setValue('category', '');
                    setNewCategory(false);
                  }}
                >
                  Choose an existing category
                </button>
              ) : undefined
            }
            {...register('category')}
          />
        )}
      </div>
      <Field
        id={`${ids}-link`}
        label="Link"
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={500}
        hint="http or https only; it opens in a new tab."
        disabled={isSubmitting}
        error={errors.link?.message}
        {...register('link')}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <FormActions
        busy={isSubmitting}
        onCancel={onCancel}
        icon={icon}
        label={submitLabel}
        busyLabel={pendingLabel}
      />
    </form>
  );
}
