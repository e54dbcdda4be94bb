import { ApiError } from '../lib/errors';
import { processImage } from './images';
import { type Storage, safeFileName } from './storage';

/**
 * Checks, re-encodes and stores several optional image fields. Either every
 * given image is stored or none is: a failure removes what was already written.
 */
export async function storeImages<K extends string>(
  storage: Storage,
  opts: {
    files: Record<K, unknown>;
    key: (field: K, safeName: string) => string;
    maxBytes: number;
    maxDimension: Record<K, number>;
    invalidMessage: string;
    tooLargeMessage: string;
    /** Shown when the storage backend fails (down, refusing): the feature's failure message. */
    failedMessage: string;
  },
) {
  const urls: Partial<Record<K, string>> = {};
  const removeAll = async () => {
    await Promise.all(
      Object.values<string | undefined>(urls).map((u) => (u ? storage.removeByUrl(u) : undefined)),
    );
  };
  try {
    for (const field of Object.keys(opts.files) as K[]) {
      const f = opts.files[field];
      if (f === undefined || f === '') continue;
      if (!(f instanceof File)) throw new ApiError(400, 'INVALID_IMAGE', opts.invalidMessage);
      if (f.size === 0 && !f.name) continue; // an empty file input
      if (f.size > opts.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE', opts.tooLargeMessage);
      const img = await processImage(Buffer.from(await f.arrayBuffer()), {
        maxBytes: opts.maxBytes,
        maxDimension: opts.maxDimension[field],
        invalidMessage: opts.invalidMessage,
        tooLargeMessage: opts.tooLargeMessage,
      });
      const name = safeFileName(f.name).replace(/\.[^.]*$/, '') || 'image';
      try {
        urls[field] = await storage.put(opts.key(field, `${name}.${img.ext}`), img.buffer, img.contentType);
      } catch (err) {
        throw new ApiError(503, 'STORAGE_UNAVAILABLE', opts.failedMessage, err);
      }
    }
  } catch (err) {
    await removeAll();
    throw err;
  }
  return { urls, removeAll };
}
