/**
 * /admin/seasons (issue 19): the seasons of the leaderboard, past, current and upcoming,
 * and a form for the next one. Dates are whole UTC days: a season runs from the start of
 * its first day to the end of its last. The server refuses an overlap with the name of the
 * season in the way.
 */
import { useQuery } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { QueryView } from '@/client/components/query-states';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Skeleton } from '@/client/components/ui/skeleton';
import { byId, focusResult } from '@/client/lib/focus-result';
import { maxLengthOf, oneProblemFields, useSchemaForm } from '@/client/lib/form';
import { formatDate } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import { type Season, seasonFormSchema } from '@/shared/schemas/seasons';
import { seasonsQuery, useCreateSeason } from './api';

const limit = maxLengthOf(seasonFormSchema);

const S = MSG.seasons;
const EMPTY = { name: '', firstDay: '', lastDay: '' };

function Row({ s }: { s: Season }) {
  const tone = s.status === 'current' ? 'approved' : s.status === 'upcoming' ? 'pending' : 'neutral';
  return (
    <li
      id={`season-${s.id}`}
      aria-label={s.name}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 outline-offset-2"
    >
      <span className="font-medium text-fg">{s.name}</span>
      <span className="flex items-center gap-3 text-sm text-muted">
        {formatDate(s.startsAt)} – {formatDate(new Date(Date.parse(s.endsAt) - 1).toISOString())}
        <Badge tone={tone}>{s.status === 'ended' ? S.frozen : s.status}</Badge>
      </span>
    </li>
  );
}

export function AdminSeasonsPage() {
  const list = useQuery(seasonsQuery);
  // Whole UTC days (seasonFormSchema): from the start of the first to the end of the last.
  const form = useSchemaForm(seasonFormSchema, { defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const create = useCreateSeason({
    onSuccess: ({ season }) => {
      toast.success(S.created);
      form.reset(EMPTY);
      // Focus moves to the new season in the list once it is drawn (issue 20).
      focusResult(byId(`season-${season.id}`));
    },
  });
  // One sentence for the form: the first rule broken, else why the server refused.
  const { problem } = oneProblemFields(form, create);
  const submit = form.handleSubmit((season) => create.mutate(season));
  return (
    <PageFrame head={PAGE_HEADS['/admin/seasons']}>
      <form
        noValidate
        onSubmit={submit}
        className="grid items-end gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-[1fr_11rem_11rem_auto]"
        aria-label="New season"
      >
        <Field label="Name" maxLength={limit('name')} {...form.register('name')} />
        <Field label="First day (UTC)" type="date" {...form.register('firstDay')} />
        <Field label="Last day (UTC)" type="date" {...form.register('lastDay')} />
        <Button type="submit" pending={create.isPending}>
          <CalendarRange aria-hidden="true" />
          Create season
        </Button>
        {problem ? <Alert className="sm:col-span-4">{problem}</Alert> : null}
      </form>
      <QueryView
        query={list}
        loading={{ label: 'Loading seasons', row: <Skeleton className="h-16 w-full" /> }}
      >
        {(data) => {
          const all = [...data.upcoming, ...(data.current ? [data.current] : []), ...data.past];
          return all.length === 0 ? (
            <p className="text-sm text-muted">
              No seasons yet. The leaderboard shows this week, this month and all time.
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="Seasons" data-testid="seasons">
              {all.map((s) => (
                <Row key={s.id} s={s} />
              ))}
            </ul>
          );
        }}
      </QueryView>
    </PageFrame>
  );
}
