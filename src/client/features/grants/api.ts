import { queryOptions } from '@tanstack/react-query';
import type { Grant, GrantStatus } from '../../../shared/schemas/grants';
import type { Project } from '../../../shared/schemas/projects';
import { api } from '../../lib/api';

export type GrantScope = 'explore' | 'mine';
export type GrantHistoryItem = { at: string; event: string; note: string | null };
export type GrantDetail = Grant & { history: GrantHistoryItem[] };

/** Root of every grants query key (invalidate it after a change). */
export const GRANTS_KEY = ['grants'] as const;

/** Explore: approved grants plus your own (the admin sees all); mine: only yours. See ADR 0007. */
export const grantsQuery = (scope: GrantScope) =>
  queryOptions({
    queryKey: [...GRANTS_KEY, 'list', scope] as const,
    queryFn: ({ signal }) => api.get<{ grants: Grant[] }>(`/api/grants?scope=${scope}`, signal),
    staleTime: 15_000,
  });

export const grantDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...GRANTS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<{ grant: GrantDetail }>(`/api/grants/${encodeURIComponent(id)}`, signal),
    staleTime: 10_000,
  });

/** The projects you own: the ones a grant can be asked for. */
export const myProjectsQuery = queryOptions({
  queryKey: [...GRANTS_KEY, 'my-projects'] as const,
  queryFn: ({ signal }) => api.get<{ projects: Project[] }>('/api/projects?filter=my', signal),
  staleTime: 30_000,
});

export type GrantBody = { amount: number; currency: string; proposal: string };

export function applyForGrant(body: GrantBody & { projectId: string }) {
  return api.post<{ grant: Grant }>('/api/grants', body);
}

export function editGrant(id: string, body: Partial<GrantBody>) {
  return api.patch<{ grant: Grant }>(`/api/grants/${encodeURIComponent(id)}`, body);
}

// ---- admin ----

export const ADMIN_GRANTS_KEY = ['admin', 'grants'] as const;

export const adminGrantsQuery = (status: GrantStatus) =>
  queryOptions({
    queryKey: [...ADMIN_GRANTS_KEY, status] as const,
    queryFn: ({ signal }) => api.get<{ grants: Grant[] }>(`/api/admin/grants?status=${status}`, signal),
    staleTime: 10_000,
  });

export function decideGrant(id: string, action: 'approve' | 'decline', message?: string) {
  return api.post<{ grant: Grant }>(
    `/api/admin/grants/${encodeURIComponent(id)}/${action}`,
    message ? { message } : {},
  );
}
