import { MSG } from '../../shared/messages';

/**
 * A failed API call. `code` and `message` come from the server's
 * `{ error: { code, message } }` body (messages already follow the spec's
 * catalogue); `fromServer` is false when the body had no such error, e.g. a
 * proxy page or a dropped connection.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fromServer: boolean,
  ) {
    super(message);
  }
}

/** Status 0 with this code means the request never got an answer. */
export const NETWORK_ERROR_CODE = 'network-request-failed';

type Json = Record<string, unknown> | unknown[];

function isErrorBody(body: unknown): body is { error: { code?: unknown; message?: unknown } } {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof body.error === 'object' &&
    !!body.error
  );
}

async function request<T>(method: string, path: string, body?: Json, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR_CODE, MSG.signup.network, false);
  }

  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    if (isErrorBody(data)) {
      const code = typeof data.error.code === 'string' ? data.error.code : `http-${res.status}`;
      const message = typeof data.error.message === 'string' ? data.error.message : MSG.common.server;
      throw new ApiError(res.status, code, message, true);
    }
    throw new ApiError(res.status, `http-${res.status}`, MSG.common.server, false);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string, body?: Json) => request<T>('POST', path, body),
  put: <T>(path: string, body?: Json) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: Json) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** The message to show for any thrown value, with a fallback for non-API failures. */
export function errorMessage(err: unknown, fallback: string = MSG.common.server): string {
  if (err instanceof ApiError) return err.fromServer ? err.message : fallback;
  return fallback;
}
