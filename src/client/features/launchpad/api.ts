import { queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiData, ApiError, client, ok } from '@/client/lib/api';
import { useCachedQuery } from '@/client/lib/cached-query';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { editPagedRows, useMorePages } from '@/client/lib/paged';
import { pagedList, usePagedList } from '@/client/lib/paged-list';
import { uploadWithProgress } from '@/client/lib/upload';
import { MSG } from '@/shared/messages';
import type {
  createProjectSchema,
  PROJECT_FILTERS,
  Project,
  ProjectApplicationInput,
  ProjectApplicationView,
} from '@/shared/schemas/projects';

/**
 * The launchpad's API (server: features/launchpad): projects, the startups'
 * project applications and the admin's decisions on them. Every query and
 * mutation of the feature lives here; pages only call them.
 */

export type ProjectFilter = (typeof PROJECT_FILTERS)[number];
type List = { projects: Project[]; nextCursor: string | null };

/** Query keys of the launchpad; invalidating one also refreshes every key that starts with it. */
export const launchpadKeys = {
  projects: ['projects'] as const,
  myApplication: ['project-applications', 'mine'] as const,
  pendingApplications: ['admin', 'project-applications'] as const,
};

const fetchProjects = (filter: ProjectFilter, cursor: string | undefined, signal: AbortSignal) =>
  ok(client.GET('/projects', { params: { query: { filter, cursor } }, signal }));
const projectRows = (l: List) => l.projects;
const projectId = (p: Project) => p.id;

/**
 * Spec §4 "Data pages": the last first page saved in SysfiDB shows at once, then
 * the server's answer replaces it (one record per filter); "Load more" adds the
 * next pages (lib/paged.ts).
 */
export function useProjects(filter: ProjectFilter) {
  const first = useCachedQuery<List>({
    store: 'projects',
    key: `list:${filter}`,
    queryKey: [...launchpadKeys.projects, filter],
    queryFn: ({ signal }) => fetchProjects(filter, undefined, signal),
    schema: () => import('@/shared/schemas/projects').then((m) => m.projectListSchema),
    staleTime: 15_000,
  });
  const more = useMorePages({
    queryKey: first.queryKey,
    first: first.data,
    rows: projectRows,
    id: projectId,
    fetchPage: (cursor, signal) => fetchProjects(filter, cursor, signal),
  });
  return { ...first, ...more };
}

/** Archive or unarchive one of your projects; pending until the list has been fetched again. */
export function useSetProjectStatus(project: Project, ui: UiCallbacks<unknown, Project['status']> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: Project['status']) =>
      ok(client.PATCH('/projects/{id}/status', { params: { path: { id: project.id } }, body: { status } })),
    onSuccess: async (res, status) => {
      ui.onSuccess?.(res, status);
      await queryClient.invalidateQueries({ queryKey: launchpadKeys.projects });
    },
    onError: ui.onError,
  });
}

/** A new project: the checked form, its two images and the upload's progress and cancel. */
export type NewProject = {
  values: z.output<typeof createProjectSchema>;
  logo: File | null;
  banner: File | null;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/projects as multipart with upload progress; the project lists refresh.
 * Errors that did not come from the server carry the spec's 'create failed' alert.
 */
export function useCreateProject(ui: UiCallbacks<Project, NewProject> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    async ({ values, logo, banner, onProgress, signal }: NewProject) => {
      const form = new FormData();
      form.set('title', values.title);
      form.set('description', values.description);
      form.set('website', values.website);
      form.set('xAccount', values.xAccount);
      if (values.githubUrl) form.set('githubUrl', values.githubUrl);
      form.set('tags', values.tags.join(','));
      if (logo) form.set('logo', logo, logo.name);
      if (banner) form.set('banner', banner, banner.name);
      const res = await uploadWithProgress('/projects', form, {
        onProgress,
        signal,
        fallback: MSG.project.createFailed,
      });
      return res.project;
    },
    ui,
    { onSuccess: () => void queryClient.invalidateQueries({ queryKey: launchpadKeys.projects }) },
  );
}

/**
 * GET /api/project-applications/mine: the startup's latest application and when it
 * may apply again (`canApplyAt` null: now; 'pending': once the admin decides; an
 * ISO time: after the reapply cooldown).
 */
export type MyApplication = ApiData<'/project-applications/mine', 'get'>;

/** Whether the signed-in startup has a project yet (its first, at most one row). */
export const myFirstProjectQuery = queryOptions({
  queryKey: [...launchpadKeys.myApplication, 'first-project'] as const,
  queryFn: ({ signal }) =>
    ok(client.GET('/projects', { params: { query: { filter: 'my', limit: 1 } }, signal })),
  staleTime: 15_000,
});

/** The startup's own application: one query for launchpad and the dashboard (lib/shared-queries.ts). */
export { myApplicationQuery } from '@/client/lib/shared-queries';

/**
 * Sends the application: the page shows it as pending at once. A 409 (pending or
 * cooling down, found in another tab) refreshes the real state.
 */
export function useSubmitApplication(
  ui: UiCallbacks<ApiData<'/project-applications', 'post'>, ProjectApplicationInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectApplicationInput) => ok(client.POST('/project-applications', { body: input })),
    onSuccess: (res, vars) => {
      queryClient.setQueryData<MyApplication>(launchpadKeys.myApplication, {
        latest: res.application,
        canApplyAt: 'pending',
      });
      void queryClient.invalidateQueries({ queryKey: launchpadKeys.myApplication });
      return ui.onSuccess?.(res, vars);
    },
    onError: (err, vars) => {
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: launchpadKeys.myApplication });
      }
      return ui.onError?.(err, vars);
    },
  });
}

type PendingPage = ApiData<'/admin/project-applications', 'get'>;
const pendingPages = {
  rows: (page: PendingPage) => page.applications,
  withRows: (page: PendingPage, applications: ProjectApplicationView[]) => ({ ...page, applications }),
};

/** Pending project applications, oldest first (the server filters and orders), a page at a time. */
const pendingApplications = pagedList({
  queryKey: launchpadKeys.pendingApplications,
  staleTime: 10_000,
  fetchPage: (cursor, signal) =>
    ok(client.GET('/admin/project-applications', { params: { query: { cursor } }, signal })),
  rows: pendingPages.rows,
  id: (a: ProjectApplicationView) => a.id,
});
export const pendingApplicationsQuery = pendingApplications.first;

/** The pending applications' first page and the pages "Load more" adds. */
export const usePendingApplications = () => usePagedList(pendingApplications);

export type Decision = {
  action: 'approve' | 'reject';
  application: ProjectApplicationView;
  reason?: string;
};

const DECIDE_KEY = ['admin', 'decide-project-application'] as const;

function insertSorted(list: ProjectApplicationView[], a: ProjectApplicationView) {
  if (list.some((x) => x.id === a.id)) return list;
  return [...list, a].sort((x, y) => x.submittedAt.localeCompare(y.submittedAt));
}

/** The decision was already taken (another tab or admin): the server's 409 or 404. */
export function decidedElsewhere(err: unknown): err is ApiError {
  return err instanceof ApiError && err.fromServer && (err.status === 409 || err.status === 404);
}

/**
 * Approve or reject a project application. Optimistic: the card leaves the
 * pending list at once and comes back if the decision fails (unless someone else
 * decided it first); the list is fetched again once the last decision in flight
 * has landed, so one answer can't undo another's removal.
 */
export function useDecideApplication(ui: UiCallbacks<unknown, Decision> = {}) {
  const queryClient = useQueryClient();
  const key = launchpadKeys.pendingApplications;
  return useMutation({
    mutationKey: DECIDE_KEY,
    mutationFn: ({ action, application, reason }: Decision) => {
      const init = { params: { path: { id: application.id } }, body: reason ? { reason } : {} };
      return ok(
        action === 'approve'
          ? client.POST('/admin/project-applications/{id}/approve', init)
          : client.POST('/admin/project-applications/{id}/reject', init),
      );
    },
    onMutate: async ({ application }) => {
      // A refetch in flight must not bring the card back.
      await queryClient.cancelQueries({ queryKey: key });
      editPagedRows(queryClient, key, pendingPages, (rows) => rows.filter((x) => x.id !== application.id));
    },
    onSuccess: ui.onSuccess,
    onError: (err, vars) => {
      if (!decidedElsewhere(err)) {
        queryClient.setQueryData<PendingPage>(key, (old) =>
          old ? { ...old, applications: insertSorted(old.applications, vars.application) } : old,
        );
      }
      return ui.onError?.(err, vars);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: DECIDE_KEY }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

/** The decisions on their way to the server, oldest first. */
export function useDecisionsInFlight(): Decision[] {
  return useMutationState({
    filters: { mutationKey: DECIDE_KEY, status: 'pending' },
    select: (m) => m.state.variables as Decision,
  });
}
