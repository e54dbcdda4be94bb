import { queryOptions, useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, type ApiData, client, ok } from '@/client/lib/api';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { pagedList, usePagedList } from '@/client/lib/paged-list';
import { LIMITS } from '@/shared/limits';
import type { GrantStatus } from '@/shared/lists';
import type { Grant } from '@/shared/schemas/grants';

export type GrantScope = 'explore' | 'mine';
export type GrantDetail = ApiData<'/grants/{id}', 'get'>['grant'];
export type GrantHistoryItem = GrantDetail['history'][number];

/** Query keys of grants; invalidating one also refreshes every key that starts with it. */
export const grantKeys = {
  all: ['grants'] as const,
  admin: ['admin', 'grants'] as const,
};

type GrantPage = { grants: Grant[]; nextCursor: string | null };
const grantRows = (p: GrantPage) => p.grants;
const grantId = (g: Grant) => g.id;

/** Explore: approved grants plus your own (the admin sees all); mine: only yours. See ADR 0007. */
const grantList = (scope: GrantScope) =>
  pagedList({
    queryKey: [...grantKeys.all, 'list', scope] as const,
    staleTime: 15_000,
    fetchPage: (cursor, signal) =>
      ok(client.GET('/grants', { params: { query: { scope, cursor } }, signal })),
    rows: grantRows,
    id: grantId,
  });
export const grantsQuery = (scope: GrantScope) => grantList(scope).first;

/** A grant list's first page and the ones "Load more" adds (lib/paged.ts). */
export const useGrants = (scope: GrantScope) => usePagedList(grantList(scope));

export const grantDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...grantKeys.all, 'detail', id] as const,
    queryFn: ({ signal }) => ok(client.GET('/grants/{id}', { params: { path: { id } }, signal })),
    staleTime: 10_000,
  });

/** The projects you own: the ones a grant can be asked for (the newest 100, the most a page holds). */
export const myProjectsQuery = queryOptions({
  queryKey: [...grantKeys.all, 'my-projects'] as const,
  queryFn: ({ signal }) =>
    ok(client.GET('/projects', { params: { query: { filter: 'my', limit: LIMITS.listPageMax } }, signal })),
  staleTime: 30_000,
});

export type GrantBody = Omit<ApiBody<'/grants', 'post'>, 'projectId'>;
type Saved = { grant: Grant };
const SAVE_KEY = ['grants', 'save'] as const;

/** An application or an edit is on its way to the server. */
export function useGrantSaving(): boolean {
  return useIsMutating({ mutationKey: SAVE_KEY }) > 0;
}

/** Every grant list and detail is fetched again after a write. */
function useRefreshGrants() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: grantKeys.all });
}

/** A new grant application for one of your projects. */
export function useApplyForGrant(ui: UiCallbacks<Saved, GrantBody & { projectId: string }> = {}) {
  const refresh = useRefreshGrants();
  return useFeatureMutation(
    (body: GrantBody & { projectId: string }) => ok(client.POST('/grants', { body })),
    ui,
    {
      key: SAVE_KEY,
      onSuccess: refresh,
    },
  );
}

/** Your pending grant's amount, currency and proposal. */
export function useEditGrant(grant: Grant, ui: UiCallbacks<Saved, Partial<GrantBody>> = {}) {
  const refresh = useRefreshGrants();
  return useFeatureMutation(
    (body: Partial<GrantBody>) =>
      ok(client.PATCH('/grants/{id}', { params: { path: { id: grant.id } }, body })),
    ui,
    {
      key: SAVE_KEY,
      onSuccess: refresh,
    },
  );
}

// ---- admin ----

/** The admin's queue, oldest first, with "Load more". */
export const useAdminGrants = (status: GrantStatus) =>
  usePagedList(
    pagedList({
      queryKey: [...grantKeys.admin, status] as const,
      staleTime: 10_000,
      fetchPage: (cursor, signal) =>
        ok(client.GET('/admin/grants', { params: { query: { status, cursor } }, signal })),
      rows: grantRows,
      id: grantId,
    }),
  );

export type GrantDecision = { action: 'approve' | 'decline'; message?: string };

/** The admin's decision; the admin's lists and everyone's grant lists are fetched again, whatever the answer. */
export function useDecideGrant(grant: Grant, ui: UiCallbacks<unknown, GrantDecision> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, message }: GrantDecision) => {
      const init = { params: { path: { id: grant.id } }, body: message ? { message } : {} };
      return ok(
        action === 'approve'
          ? client.POST('/admin/grants/{id}/approve', init)
          : client.POST('/admin/grants/{id}/decline', init),
      );
    },
    onSuccess: ui.onSuccess,
    onError: ui.onError,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: grantKeys.admin });
      void queryClient.invalidateQueries({ queryKey: grantKeys.all });
    },
  });
}
