import type { paths } from '@generated/openapi';
import { MSG } from '@/shared/messages';
import { ApiError, apiErrorFrom, NETWORK_ERROR_CODE, type SuccessJson } from './api';

/** The API paths that take a multipart POST (an upload). */
export type UploadPath = {
  [P in keyof paths]: paths[P]['post'] extends {
    requestBody?: { content: { 'multipart/form-data': unknown } };
  }
    ? P
    : never;
}[keyof paths];

type Created<P extends UploadPath> = SuccessJson<paths[P]['post']>;

export type UploadOptions = {
  /** Called with the fraction sent (0 to 1) as the body goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The message of an error that did not come from the server. */
  fallback?: string;
};

/**
 * A multipart upload with progress (fetch cannot report upload progress, so this
 * uses XMLHttpRequest). Typed like the API client: the path must be an upload
 * route and the answer is that route's response schema. Rejects with an ApiError
 * exactly like `ok()` does, or an AbortError when `signal` aborts.
 */
export function uploadWithProgress<P extends UploadPath>(
  path: P,
  body: FormData,
  { onProgress, signal, fallback = MSG.common.server }: UploadOptions = {},
): Promise<Created<P>> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException('Upload cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as Created<P>);
      } else if (xhr.status === 413 && !(data && typeof data === 'object' && 'error' in data)) {
        reject(new ApiError(413, 'http-413', MSG.common.tooLarge, false));
      } else {
        reject(apiErrorFrom(xhr.status, data, fallback));
      }
    };
    xhr.onerror = () => {
      done();
      reject(
        new ApiError(
          0,
          NETWORK_ERROR_CODE,
          fallback === MSG.common.server ? MSG.signup.network : fallback,
          false,
        ),
      );
    };
    xhr.onabort = () => {
      done();
      reject(cancelled());
    };
    xhr.send(body);
  });
}
