import { Search, X } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { useSchemaForm } from '@/client/lib/form';
import { LIMITS } from '@/shared/limits';
import { activeCount, EMPTY_PANEL, type PanelValues } from './filter-values';

/** The panel's one rule (a search of the board, not data we keep): the range runs forwards. */
const panelSchema = z
  .object({ q: z.string().trim(), from: z.string(), to: z.string() })
  .refine((v) => !(v.from && v.to && v.from > v.to), {
    message: 'The “from” date must be on or before the “to” date.',
    path: ['to'],
  });

type PanelProps = {
  id: string;
  value: PanelValues;
  onApply: (v: PanelValues) => void;
  onClose: () => void;
};

/**
 * 'Filter Bounties' (spec §2 shows the button without behaviour): a text search
 * over reward and title, and a deadline range. Applied on submit, so the server
 * is asked once per change of mind rather than once per keystroke. Drawn while
 * `open`; closing it drops what was typed and not applied.
 */
export function FilterPanel({ open, ...props }: PanelProps & { open: boolean }) {
  return open ? <Panel {...props} /> : null;
}

function Panel({ id, value, onApply, onClose }: PanelProps) {
  const form = useSchemaForm(panelSchema, { values: value, reValidateMode: 'onSubmit' });
  const draft = { ...EMPTY_PANEL, ...useWatch({ control: form.control }) };
  const error = form.formState.errors.to?.message;
  const submit = form.handleSubmit(onApply);

  return (
    <section
      id={id}
      aria-label="Filter bounties"
      className="rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <Field
            label="Search reward or title"
            type="search"
            placeholder="e.g. USDC, audit, design"
            maxLength={LIMITS.searchChars}
            {...form.register('q')}
          />
          <Field
            label="Deadline from"
            type="date"
            max={draft.to || undefined}
            invalid={!!error}
            {...form.register('from')}
          />
          <Field
            label="Deadline to"
            type="date"
            min={draft.from || undefined}
            error={error}
            {...form.register('to')}
          />
        </div>
        <p className="text-xs text-muted">A deadline range leaves out bounties without a deadline.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="ghost"
            onClick={() => {
              form.reset(EMPTY_PANEL);
              onApply(EMPTY_PANEL);
            }}
            disabled={activeCount(draft) === 0 && activeCount(value) === 0}
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit">
            <Search aria-hidden="true" />
            Apply filters
          </Button>
        </div>
      </form>
    </section>
  );
}
