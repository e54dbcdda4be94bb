import type { Context } from 'hono';
import { ApiError } from './errors';

export type Upload = { name: string; bytes: Buffer };

/** Reads one file field from a multipart body. Size is checked on the bytes, not the header. */
export async function readUpload(
  c: Context,
  field: string,
  maxBytes: number,
  tooLargeMessage: string,
  missingMessage: string,
): Promise<Upload> {
  if (!c.req.header('content-type')?.startsWith('multipart/form-data')) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', missingMessage);
  }
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'INVALID_UPLOAD', missingMessage);
  }
  const f = form[field];
  if (!(f instanceof File)) throw new ApiError(400, 'MISSING_FILE', missingMessage);
  if (f.size > maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE', tooLargeMessage);
  return { name: f.name, bytes: Buffer.from(await f.arrayBuffer()) };
}
