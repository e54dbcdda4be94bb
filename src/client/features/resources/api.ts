import { queryOptions } from '@tanstack/react-query';
import type { Resource, ResourceInput } from '../../../shared/schemas/grants';
import { api } from '../../lib/api';

export const RESOURCES_KEY = ['resources'] as const;
export type ResourceList = { resources: Resource[] };

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

export function markResourcesChanged(): void {
  try {
    window.sessionStorage.setItem(CHANGED_KEY, String(Date.now()));
  } catch {
    // Without sessionStorage the list may lag by up to 30 s; nothing breaks.
  }
}

export const resourcesQuery = queryOptions({
  queryKey: RESOURCES_KEY,
  queryFn: ({ signal }) => {
    const v = changedAt();
    return api.get<ResourceList>(v ? `/api/resources?v=${encodeURIComponent(v)}` : '/api/resources', signal);
  },
  staleTime: 30_000,
});

export function createResource(input: ResourceInput) {
  return api.post<{ resource: Resource }>('/api/admin/resources', input);
}

export function updateResource(id: string, input: Partial<ResourceInput>) {
  return api.patch<{ resource: Resource }>(`/api/admin/resources/${encodeURIComponent(id)}`, input);
}

export function deleteResource(id: string) {
  return api.delete<{ ok: true }>(`/api/admin/resources/${encodeURIComponent(id)}`);
}
