import { type ReactNode, useId, useState } from 'react';
import { FormActions } from '@/client/components/form-actions';
import { Field, SelectField, UrlField } from '@/client/components/ui/field';
import { adminErrorMessage } from '@/client/lib/admin-error';
import { errorFields, maxLengthOf, useSchemaForm } from '@/client/lib/form';
import { MSG } from '@/shared/messages';
import { resourceInputSchema } from '@/shared/schemas/resources';

const limit = maxLengthOf(resourceInputSchema);

export type Values = { title: string; category: string; link: string };
export const EMPTY: Values = { title: '', category: '', link: '' };

export function failure(err: unknown): string {
  return adminErrorMessage(err, MSG.admin.error);
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
  const form = useSchemaForm(resourceInputSchema, { defaultValues: initial });
  const { field } = errorFields(form);
  const { isSubmitting } = form.formState;
  // A select of the categories in use, with "New category…" for a name of one's own.
  const [newCategory, setNewCategory] = useState(false);
  const choosing = categories.length > 0 && !newCategory;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(async (v) => {
        setProblem(null);
        try {
          await onSubmit(v);
          if (!onCancel) {
            form.reset(EMPTY);
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
          maxLength={limit('title')}
          disabled={isSubmitting}
          {...field('title')}
        />
        {choosing ? (
          <SelectField
            id={`${ids}-category`}
            label="Category"
            placeholder="Choose a category"
            options={categories}
            disabled={isSubmitting}
            {...field('category', {
              onChange: (e: { target: { value: string } }) => {
                if (e.target.value !== NEW_CATEGORY) return;
                form.setValue('category', '');
                setNewCategory(true);
              },
            })}
          >
            <option value={NEW_CATEGORY}>New category…</option>
          </SelectField>
        ) : (
          <Field
            id={`${ids}-category`}
            label={categories.length > 0 ? 'New category' : 'Category'}
            placeholder="Guides"
            maxLength={limit('category')}
            autoComplete="off"
            // Typed into right after choosing "New category…" from the list.
            autoFocus={newCategory}
            disabled={isSubmitting}
            hint={
              categories.length > 0 ? (
                <button
                  type="button"
                  className="font-medium text-accent-to underline underline-offset-4"
                  onClick={() => {
                    form.setValue('category', '');
                    setNewCategory(false);
                  }}
                >
                  Choose an existing category
                </button>
              ) : undefined
            }
            {...field('category')}
          />
        )}
      </div>
      <UrlField
        id={`${ids}-link`}
        label="Link"
        placeholder="https://"
        maxLength={limit('link')}
        hint="http or https only; it opens in a new tab."
        disabled={isSubmitting}
        {...field('link')}
      />
      <FormActions
        busy={isSubmitting}
        problem={problem}
        onCancel={onCancel}
        icon={icon}
        label={submitLabel}
        busyLabel={pendingLabel}
      />
    </form>
  );
}
