import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ApiData, client, ok } from '@/client/lib/api';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { usePagedQuery } from '@/client/lib/paged';
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

/** What the list is narrowed to: a title search and a category chip (null: every category). */
export type ResourceSearch = { q: string; category: string | null };
export const ALL_RESOURCES: ResourceSearch = { q: '', category: null };

function fetchResources(s: ResourceSearch, signal: AbortSignal, cursor?: string) {
  const v = changedAt();
  const query = { v: v ?? undefined, q: s.q.trim() || undefined, category: s.category ?? undefined, cursor };
  return ok(client.GET('/resources', { params: { query }, signal }));
}

/** The first page; the server searches and filters (every category comes with it). */
export const resourcesQuery = (s: ResourceSearch) =>
  queryOptions({
    queryKey: [...resourceKeys.list, s.q.trim(), s.category ?? ''],
    queryFn: ({ signal }) => fetchResources(s, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

const resourceRows = (l: ResourceList) => l.resources;
const resourceId = (r: Resource) => r.id;

/** The list with "Load more" (lib/paged.ts) and every category for the chips. */
export function useResources(s: ResourceSearch) {
  const list = usePagedQuery(resourcesQuery(s), {
    rows: resourceRows,
    id: resourceId,
    fetchPage: (cursor, signal) => fetchResources(s, signal, cursor),
  });
  return { ...list, categories: list.first.data?.categories ?? [] };
}

/** The admin's screen: the browser may hold a 30-second copy of the list, so the first visit asks past it. */
export function useFreshResources(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    markResourcesChanged();
    void queryClient.invalidateQueries({ queryKey: resourceKeys.list });
  }, [queryClient]);
}

/**
 * Puts the server's answer in the unfiltered list at once, makes the next fetch skip
 * the browser's copy, and has every other (narrowed, or later) page read again.
 */
function usePatchList() {
  const queryClient = useQueryClient();
  return (fn: (rs: Resource[]) => Resource[]) => {
    markResourcesChanged();
    const key = resourcesQuery(ALL_RESOURCES).queryKey;
    queryClient.setQueryData<ResourceList>(key, (old) =>
      old ? { ...old, resources: fn(old.resources) } : old,
    );
    const later = (k: readonly unknown[]) => k.includes('more');
    void queryClient.resetQueries({ queryKey: resourceKeys.list, predicate: (q) => later(q.queryKey) });
    void queryClient.invalidateQueries({
      queryKey: resourceKeys.list,
      predicate: (q) => !later(q.queryKey) && JSON.stringify(q.queryKey) !== JSON.stringify(key),
    });
  };
}

/** A new resource (no id) or new values for one. */
export type ResourceSave = { id?: string; input: ResourceInput };

export function useSaveResource(ui: UiCallbacks<{ resource: Resource }, ResourceSave> = {}) {
  const patchList = usePatchList();
  return useFeatureMutation(
    ({ id, input }: ResourceSave) =>
      id
        ? ok(client.PATCH('/admin/resources/{id}', { params: { path: { id } }, body: input }))
        : ok(client.POST('/admin/resources', { body: input })),
    ui,
    {
      onSuccess: (res, vars) => {
        const saved = res.resource;
        patchList((rs) =>
          vars.id
            ? rs.map((r) => (r.id === saved.id ? saved : r))
            : [saved, ...rs.filter((r) => r.id !== saved.id)],
        );
      },
    },
  );
}

export function useDeleteResource(ui: UiCallbacks<unknown, Resource> = {}) {
  const patchList = usePatchList();
  return useFeatureMutation(
    (r: Resource) => ok(client.DELETE('/admin/resources/{id}', { params: { path: { id: r.id } } })),
    ui,
    {
      onSuccess: (_res, r) => {
        patchList((rs) => rs.filter((x) => x.id !== r.id));
      },
    },
  );
}
