/** Bounty submissions and winners (issue 19): the queries and mutations of the bounty board's dialogs. */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiData, client, ok } from '@/client/lib/api';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { bountyKeys } from './api';

export type Submissions = ApiData<'/bounties/{id}/submissions', 'get'>;
export type Podium = ApiData<'/bounties/{id}/winners', 'post'>;

export const winnersKeys = {
  mine: (id: string) => ['bounties', 'submission', id] as const,
  all: (id: string) => ['bounties', 'submissions', id] as const,
};

/** The viewer's own submission to a bounty (null before the first). */
export const mySubmissionQuery = (id: string) =>
  queryOptions({
    queryKey: winnersKeys.mine(id),
    queryFn: ({ signal }) =>
      ok(client.GET('/bounties/{id}/submission', { params: { path: { id } }, signal })).then(
        (r) => r.submission,
      ),
  });

/** Every submission, and when the winners are due (the requester and the admin). */
export const submissionsQuery = (id: string) =>
  queryOptions({
    queryKey: winnersKeys.all(id),
    queryFn: ({ signal }) =>
      ok(client.GET('/bounties/{id}/submissions', { params: { path: { id } }, signal })),
  });

type Work = { id: string; link: string; note: string };
export function useSaveSubmission(ui: UiCallbacks<unknown, Work> = {}) {
  const qc = useQueryClient();
  return useFeatureMutation(
    ({ id, link, note }: Work) =>
      ok(client.PUT('/bounties/{id}/submission', { params: { path: { id } }, body: { link, note } })),
    ui,
    {
      onSuccess: (res, vars) => {
        qc.setQueryData(winnersKeys.mine(vars.id), res.submission);
      },
    },
  );
}

type Announce = { id: string; winners: Array<{ userId: string; prizeXp: number }> };
export function useAnnounceWinners(ui: UiCallbacks<Podium, Announce> = {}) {
  const qc = useQueryClient();
  return useFeatureMutation(
    ({ id, winners }: Announce) =>
      ok(client.POST('/bounties/{id}/winners', { params: { path: { id } }, body: { winners } })),
    ui,
    {
      onSuccess: (_res, vars) => {
        void qc.invalidateQueries({ queryKey: bountyKeys.board });
        void qc.invalidateQueries({ queryKey: winnersKeys.all(vars.id) });
      },
    },
  );
}
