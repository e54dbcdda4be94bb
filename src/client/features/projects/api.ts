import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { type PROJECT_FILTERS, type Project, projectSchema } from '../../../shared/schemas/projects';
import { ApiError, api, NETWORK_ERROR_CODE } from '../../lib/api';
import { useCachedQuery } from '../../lib/cached-query';

export type ProjectFilter = (typeof PROJECT_FILTERS)[number];
type List = { projects: Project[] };

/** Root of every projects query key (invalidate it after a change). */
export const PROJECTS_KEY = ['projects'] as const;

const listSchema = z.object({ projects: z.array(projectSchema) });

/**
 * Spec §4 "Data pages": the last list saved in SysfiDB shows at once, then the
 * server's answer replaces it (one record per filter).
 */
export function useProjects(filter: ProjectFilter) {
  return useCachedQuery<List>({
    store: 'projects',
    key: `list:${filter}`,
    queryKey: [...PROJECTS_KEY, filter],
    queryFn: ({ signal }) => api.get<List>(`/api/projects?filter=${encodeURIComponent(filter)}`, signal),
    parse: (data) => {
      const r = listSchema.safeParse(data);
      return r.success ? r.data : undefined;
    },
    staleTime: 15_000,
  });
}

export function setProjectStatus(id: string, status: Project['status']) {
  return api.patch<{ project: Project }>(`/api/projects/${encodeURIComponent(id)}/status`, { status });
}

export type UploadProgress = { loaded: number; total: number };

/**
 * POST /api/projects as multipart, through XMLHttpRequest because fetch cannot
 * report upload progress. Errors are ApiErrors shaped exactly like lib/api's.
 */
export function createProject(
  form: FormData,
  { onProgress, signal }: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<Project> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/projects');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
      };
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'project' in body) {
        resolve((body as { project: Project }).project);
        return;
      }
      const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      if (error && typeof error === 'object') {
        reject(
          new ApiError(
            xhr.status,
            typeof error.code === 'string' ? error.code : `http-${xhr.status}`,
            typeof error.message === 'string' ? error.message : MSG.project.createFailed,
            true,
          ),
        );
      } else {
        reject(new ApiError(xhr.status, `http-${xhr.status}`, MSG.project.createFailed, false));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, NETWORK_ERROR_CODE, MSG.project.createFailed, false));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    if (signal?.aborted) {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    xhr.send(form);
  });
}
