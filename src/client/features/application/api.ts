import { queryOptions } from '@tanstack/react-query';
import type { ProjectApplicationInput, ProjectApplicationView } from '../../../shared/schemas/projects';
import { api } from '../../lib/api';

/** GET /api/project-applications/mine: the startup's latest application and when it may apply again. */
export type MyApplication = {
  latest: ProjectApplicationView | null;
  /** null: may apply now; 'pending': once the admin decides; an ISO time: after the 24 h cooldown. */
  canApplyAt: string | 'pending' | null;
};

export const MY_APPLICATION_KEY = ['project-applications', 'mine'] as const;

export const myApplicationQuery = queryOptions({
  queryKey: MY_APPLICATION_KEY,
  queryFn: ({ signal }) => api.get<MyApplication>('/api/project-applications/mine', signal),
  staleTime: 15_000,
});

export function submitApplication(input: ProjectApplicationInput) {
  return api.post<{ application: ProjectApplicationView }>('/api/project-applications', input);
}
