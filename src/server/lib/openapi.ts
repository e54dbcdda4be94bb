/**
 * Building blocks of route contracts (@hono/zod-openapi): every request and every
 * response is a zod schema, so /api/openapi.json describes exactly what the API
 * enforces and answers, and the typed client is generated from it.
 */
import { type RouteConfig, type RouteHandler, z } from '@hono/zod-openapi';
import type { AppBindings } from '../context';

/** A JSON response of `schema`. */
export const jsonContent = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

/** A JSON request body of `schema` (optional bodies: `required: false`). */
export const jsonBody = <T extends z.ZodType>(schema: T, required = true) => ({
  content: { 'application/json': { schema } },
  required,
});

/** A multipart/form-data request body of `schema` (files as `binaryField()`). */
export const multipartBody = <T extends z.ZodType>(schema: T, required = true) => ({
  content: { 'multipart/form-data': { schema } },
  required,
});

/** A body taken as JSON or as multipart (with files): both forms listed, neither one required alone. */
export const jsonOrMultipartBody = (json: z.ZodType, multipart: z.ZodType) => ({
  content: { 'application/json': { schema: json }, 'multipart/form-data': { schema: multipart } },
  required: false,
});

/**
 * What an upload route's flow (storage/store-images.ts) answers of its own: a file too large
 * (413), one of the member's uploads still in progress (429), storage down or the image
 * queue full (503).
 */
export const UPLOAD_ERRORS = [413, 429, 503] as const;

/** A file field of a multipart body, as OpenAPI describes one (`.optional()` where it may be left out). */
export const binaryField = () => z.any().openapi({ type: 'string', format: 'binary' });

/**
 * The text fields of a multipart body, as OpenAPI describes them, read from the shared
 * schema that checks them, so the fields are listed once: a string each, optional where
 * the schema takes the field left out (what zod's docs say `isOptional` is: undefined parses).
 */
export function textFields<K extends string>(schema: { shape: Record<K, z.ZodType> }) {
  const fields = Object.entries<z.ZodType>(schema.shape).map(([name, field]) => [
    name,
    field.safeParse(undefined).success ? z.string().optional() : z.string(),
  ]);
  return Object.fromEntries(fields) as Record<K, z.ZodString | z.ZodOptional<z.ZodString>>;
}

/** `{id}` in a path: one of our text ids. */
export const idParam = z.object({ id: z.string().max(64) });

export const okSchema = z.object({ ok: z.literal(true) });
/** Done, with the sentence the page shows the member. */
export const okMessageSchema = okSchema.extend({ message: z.string() });

/** A route's handler, typed by its contract (x.handlers.ts beside x.routes.ts). */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppBindings>;
