import { MSG } from '../../shared/messages';
import { ApiError, NETWORK_ERROR_CODE } from './api';

/**
 * A multipart upload with progress (fetch cannot report upload progress, so this
 * uses XMLHttpRequest). Resolves with the JSON body; rejects with an ApiError
 * carrying the server's `{ error: { code, message } }` like `api` does.
 */
export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      const err = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      if (err && typeof err === 'object') {
        reject(
          new ApiError(
            xhr.status,
            typeof err.code === 'string' ? err.code : `http-${xhr.status}`,
            typeof err.message === 'string' ? err.message : MSG.common.server,
            true,
          ),
        );
      } else if (xhr.status === 413) {
        reject(new ApiError(413, 'http-413', MSG.common.tooLarge, false));
      } else {
        reject(new ApiError(xhr.status, `http-${xhr.status}`, MSG.common.server, false));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_CODE, MSG.signup.network, false));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
