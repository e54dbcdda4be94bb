import type { UploadRule } from '@/shared/uploads';
import { ApiError } from '../lib/errors';
import { uploadAsMember } from './image-gate';
import { prepareUpload } from './images';
import { type Storage, safeFileName } from './storage';

/**
 * The one upload flow: checks several optional file fields against their rule
 * (shared/uploads.ts), re-encodes images, and stores them. Either every given file
 * is stored or none is: a failure removes what was already written, and so does
 * `removeAll()` when the record that points at them is not saved. A member has at most
 * two upload flows in progress at once (image-gate.ts): the next is a 429 before any work.
 */
export type StoreOptions<K extends string> = {
  /** Who uploads: their uploads in progress are limited (image-gate.ts). */
  member: string;
  files: Record<K, unknown>;
  key: (field: K, safeName: string) => string;
  rule: UploadRule;
  maxDimension: Record<K, number>;
  /** Shown when the storage backend fails (down, refusing): the feature's failure message. */
  failedMessage: string;
  /** Error code for a storage failure. */
  failedCode?: string;
};

export async function storeImages<K extends string>(storage: Storage, opts: StoreOptions<K>) {
  const given = (Object.keys(opts.files) as K[]).filter(
    (k) => opts.files[k] !== undefined && opts.files[k] !== '',
  );
  if (given.length === 0) return { urls: {} as Partial<Record<K, string>>, removeAll: async () => {} };
  return uploadAsMember(opts.member, () => storeAll(storage, opts, given));
}

async function storeAll<K extends string>(storage: Storage, opts: StoreOptions<K>, given: K[]) {
  const urls: Partial<Record<K, string>> = {};
  const removeAll = async () => {
    await Promise.all(
      Object.values<string | undefined>(urls).map((u) => (u ? storage.removeByUrl(u) : undefined)),
    );
  };
  try {
    for (const field of given) {
      const f = opts.files[field];
      if (!(f instanceof File)) throw new ApiError(400, 'INVALID_IMAGE', opts.rule.invalidMessage);
      if (f.size === 0 && !f.name) continue; // an empty file input
      if (f.size > opts.rule.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE', opts.rule.tooLargeMessage);
      const file = await prepareUpload(
        Buffer.from(await f.arrayBuffer()),
        opts.rule,
        opts.maxDimension[field],
      );
      const name = safeFileName(f.name).replace(/\.[^.]*$/, '') || 'file';
      try {
        urls[field] = await storage.put(
          opts.key(field, `${name}.${file.ext}`),
          file.buffer,
          file.contentType,
        );
      } catch (err) {
        throw new ApiError(503, opts.failedCode ?? 'STORAGE_UNAVAILABLE', opts.failedMessage, err);
      }
    }
  } catch (err) {
    await removeAll();
    throw err;
  }
  return { urls, removeAll };
}
