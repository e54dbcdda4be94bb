import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '@/shared/messages';

/** Every API error has this one shape; `message` is the spec's text where the spec has one. */
export const errorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .openapi('Error');

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** What went wrong underneath, for the log (never sent to the client). */
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** The 404 of every record that is not there (or that the caller may not see). */
export const notFound = () => new ApiError(404, 'NOT_FOUND', MSG.common.notFound);

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function sendError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json(errorBody(code, message), status);
}

/** Error responses for the OpenAPI documents of routes. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
    ]),
  );
}
