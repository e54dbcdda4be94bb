import { queryOptions } from '@tanstack/react-query';
import type { ProjectApplicationView } from '../../../shared/schemas/projects';
import { api } from '../../lib/api';

export const PENDING_APPLICATIONS_KEY = ['admin', 'project-applications'] as const;

/** Pending project applications, oldest first (the server filters and orders). */
export const pendingApplicationsQuery = queryOptions({
  queryKey: PENDING_APPLICATIONS_KEY,
  queryFn: ({ signal }) =>
    api.get<{ applications: ProjectApplicationView[] }>('/api/admin/project-applications', signal),
  staleTime: 10_000,
});

export type Decision = {
  action: 'approve' | 'reject';
  application: ProjectApplicationView;
  reason?: string;
};

export function decide({ action, application, reason }: Decision) {
  return api.post<{ application: ProjectApplicationView }>(
    `/api/admin/project-applications/${encodeURIComponent(application.id)}/${action}`,
    reason ? { reason } : {},
  );
}
