import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ApiData, client, ok } from '@/client/lib/api';
import type { UiCallbacks } from '@/client/lib/mutation';
import type { Resource, ResourceInput } from '@/shared/schemas/resources';

/** Query keys of resources. */
export const resourceKeys = {
  list: ['resources'] as const,
};

export type ResourceList = ApiData<'/resources', 'get'>;

/**
 * GET /api/resources answers with `Cache-Control: private, max-age=30`, so the
 * browser may reuse a list for 30 s. After the admin changes one, that copy is
 * out of date: the time of the last change (kept for the tab's session) goes into
 * the URL, which makes it a different resource to the browser's cache.
 */
const CHANGED_KEY = 'sysfi.resources.changedAt';

function changedAt(): string | null {
  try {
    return window.sessionStorage.getItem(CHANGED_KEY);
  } catch {
    return null;
  }
}

function markResourcesChanged(): void {
  try {
    window.sessionStorage.setItem(CHANGED_KEY, String(Date.now()));
  } catch {
    // Without sessionStorage the list may lag by up to 30 s; nothing breaks.
  }
}

export const resourcesQuery = queryOptions({
  queryKey: resourceKeys.list,
  queryFn: ({ signal }) => {
    const v = changedAt();
    return ok(client.GET('/resources', { params: { query: { v: v ?? undefined } }, signal }));
  },
  staleTime: 30_000,
});

/** The admin's screen: the browser may hold a 30-second copy of the list, so the first visit asks past it. */
export function useFreshResources(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    markResourcesChanged();
    void queryClient.invalidateQueries({ queryKey: resourceKeys.list });
  }, [queryClient]);
}

/** Puts the server's answer in the list at once, and makes the next fetch skip the browser's copy. */
function usePatchList() {
  const queryClient = useQueryClient();
  return (fn: (rs: Resource[]) => Resource[]) => {
    markResourcesChanged();
    queryClient.setQueryData<ResourceList>(resourceKeys.list, (old) =>
      old ? { resources: fn(old.resources) } : old,
    );
  };
}

/** A new resource (no id) or new values for one. */
export type ResourceSave = { id?: string; input: ResourceInput };

export function useSaveResource(ui: UiCallbacks<{ resource: Resource }, ResourceSave> = {}) {
  const patchList = usePatchList();
  return useMutation({
    mutationFn: ({ id, input }: ResourceSave) =>
      id
        ? ok(client.PATCH('/admin/resources/{id}', { params: { path: { id } }, body: input }))
        : ok(client.POST('/admin/resources', { body: input })),
    onSuccess: (res, vars) => {
      const saved = res.resource;
      patchList((rs) =>
        vars.id
          ? rs.map((r) => (r.id === saved.id ? saved : r))
          : [saved, ...rs.filter((r) => r.id !== saved.id)],
      );
      return ui.onSuccess?.(res, vars);
    },
    onError: ui.onError,
  });
}

export function useDeleteResource(ui: UiCallbacks<unknown, Resource> = {}) {
  const patchList = usePatchList();
  return useMutation({
    mutationFn: (r: Resource) =>
      ok(client.DELETE('/admin/resources/{id}', { params: { path: { id: r.id } } })),
    onSuccess: (res, r) => {
      patchList((rs) => rs.filter((x) => x.id !== r.id));
      return ui.onSuccess?.(res, r);
    },
    onError: ui.onError,
  });
}
