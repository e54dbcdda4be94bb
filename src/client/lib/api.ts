import type { paths } from '@generated/openapi';
import createClient from 'openapi-fetch';
import { COMMON_MSG, NETWORK_MSG } from '@/shared/messages-shell';

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

function isErrorBody(body: unknown): body is { error: { code?: unknown; message?: unknown } } {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof body.error === 'object' &&
    !!body.error
  );
}

/**
 * The ApiError for a failed answer: the server's code and message when the body
 * is one of its errors, else `fallback` (the body may be a proxy's page).
 */
export function apiErrorFrom(status: number, body: unknown, fallback: string = COMMON_MSG.server): ApiError {
  if (isErrorBody(body)) {
    const code = typeof body.error.code === 'string' ? body.error.code : `http-${status}`;
    const message = typeof body.error.message === 'string' ? body.error.message : fallback;
    return new ApiError(status, code, message, true);
  }
  return new ApiError(status, `http-${status}`, fallback, false);
}

/**
 * The typed API client: every path, parameter, body and answer comes from the
 * server's route definitions through the generated `@generated/openapi`
 * (`npm run api:types`, ADR 0011). A route whose schema changes breaks the
 * compile here and in every caller until they fit again.
 */
export const client = createClient<paths>({
  baseUrl: '/api',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
});

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** The JSON of an operation's success (its 200 or 201 response schema). */
export type SuccessJson<Op> = Op extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201
        ? R[S] extends { content: { 'application/json': infer J } }
          ? J
          : never
        : never;
    }[keyof R]
  : never;

/**
 * What a route answers on success, by path and method, for naming a response
 * type without writing it again: `ApiData<'/project-applications/mine', 'get'>`.
 */
export type ApiData<P extends keyof paths, M extends Method & keyof paths[P]> = SuccessJson<paths[P][M]>;

/** The JSON body a route takes, by path and method: `ApiBody<'/grants', 'post'>`. */
export type ApiBody<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** What one openapi-fetch call resolves to. */
type Answer<T> = { data?: T; error?: unknown; response: Response };

/**
 * The data of a successful answer; an ApiError for any other (the server's
 * `{ error: { code, message } }`, or status 0 when the request got no answer).
 * An abort is rethrown as it is, so TanStack Query can tell it from a failure.
 *
 *     const { user } = await ok(client.GET('/me', { signal }));
 */
export async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR_CODE, NETWORK_MSG, false);
  }
  const { response } = answer;
  if (!response.ok) throw apiErrorFrom(response.status, answer.error);
  // A 2xx answer always has a JSON body here (the route's response schema).
  return answer.data as T;
}

/**
 * The message to show for any thrown value, with a fallback for non-API failures. An admin
 * screen's, which says a 403 its own way: adminErrorMessage (admin-error.ts).
 */
export function errorMessage(err: unknown, fallback: string = COMMON_MSG.server): string {
  if (err instanceof ApiError) return err.fromServer ? err.message : fallback;
  return fallback;
}
