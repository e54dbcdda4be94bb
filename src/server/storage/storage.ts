/**
 * Where uploaded files live. Disk (DATA_DIR/uploads, served by the app under
 * /uploads) by default; an S3-compatible bucket when configured. Keys look like
 * the spec's storage paths (`projects/{uid}/logos/{timestamp}_{name}`).
 */
import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes and returns the public URL (absolute path or absolute URL). */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes a stored object by the URL put() returned; unknown URLs are ignored. */
  removeByUrl(url: string): Promise<void>;
}

export const UPLOADS_PREFIX = '/uploads/';

/** A file name safe for a storage key: letters, digits, dot, dash, underscore; short. */
export function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '');
  return (base || 'file').slice(-80);
}

export function createDiskStorage(root: string): Storage {
  mkdirSync(root, { recursive: true }); // served at /uploads from the first request on
  const resolveKey = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const full = resolveKey(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, body);
      return UPLOADS_PREFIX + key;
    },
    async removeByUrl(url) {
      if (!url.startsWith(UPLOADS_PREFIX)) return;
      await rm(resolveKey(url.slice(UPLOADS_PREFIX.length)), { force: true });
    },
  };
}
