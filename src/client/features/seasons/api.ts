import { useQueryClient } from '@tanstack/react-query';
import { type ApiData, client, ok } from '@/client/lib/api';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { seasonsQuery } from '@/client/lib/shared-queries';
import type { SeasonInput } from '@/shared/schemas/seasons';

/** Query keys of seasons (the dashboard's Season tab reads the same list: lib/shared-queries.ts). */
export const seasonKeys = {
  all: seasonsQuery.queryKey,
};

export { seasonsQuery };

/** A new season (the server refuses an overlap, naming the season in the way); the list is fetched again. */
export function useCreateSeason(ui: UiCallbacks<ApiData<'/admin/seasons', 'post'>, SeasonInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation((body: SeasonInput) => ok(client.POST('/admin/seasons', { body })), ui, {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: seasonKeys.all }),
  });
}
