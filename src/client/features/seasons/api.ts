import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiData, client, ok } from '@/client/lib/api';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import type { SeasonInput } from '@/shared/schemas/seasons';

/** Query keys of seasons (the dashboard's Season tab reads the same list). */
export const seasonKeys = {
  all: ['seasons'] as const,
};

/** The seasons: upcoming, the current one and the past ones. */
export const seasonsQuery = queryOptions({
  queryKey: seasonKeys.all,
  queryFn: ({ signal }) => ok(client.GET('/seasons', { signal })),
});

/** A new season (the server refuses an overlap, naming the season in the way); the list is fetched again. */
export function useCreateSeason(ui: UiCallbacks<ApiData<'/admin/seasons', 'post'>, SeasonInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation((body: SeasonInput) => ok(client.POST('/admin/seasons', { body })), ui, {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: seasonKeys.all }),
  });
}
