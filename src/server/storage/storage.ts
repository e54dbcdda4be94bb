/**
 * Where uploaded files live. Disk (DATA_DIR/uploads, served by the app under
 * /uploads) by default; an S3-compatible bucket when configured. Keys look like
 * the spec's storage paths (`projects/{uid}/logos/{timestamp}_{name}`).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes and returns the public URL (absolute path or absolute URL). */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes a stored object by the URL put() returned; unknown URLs are ignored. */
  removeByUrl(url: string): Promise<void>;
  /** Every stored object with its URL and last change (the orphan sweeper). */
  list?(): AsyncIterable<StoredObject>;
}

export type StoredObject = { url: string; modified: Date };

export const UPLOADS_PREFIX = '/uploads/';

/**
 * A new object's key: `{folder}/{ms}_{secret}_{name}`. Storage serves every object to
 * whoever has its address, and some are shown only to their owner and the reviewers (a
 * contribution's file, a bounty request's images before it is published): 128 random bits
 * keep the address from being guessed from the user and the time, and two uploads in one
 * millisecond apart.
 */
export function newObjectKey(folder: string, at: Date, name: string): string {
  return `${folder}/${at.getTime()}_${randomBytes(16).toString('base64url')}_${name}`;
}

/** A file name safe for a storage key: letters, digits, dot, dash, underscore; short. */
export function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '');
  return (base || 'file').slice(-80);
}

/**
 * Writes to a temporary name and renames: a full disk or a crash mid-write leaves no
 * half file under the real name (the temporary one is removed, or swept later).
 */
async function writeAtomically(full: string, body: Buffer) {
  const tmp = `${full}.${process.pid}.${Date.now()}.partial`;
  try {
    await writeFile(tmp, body);
    await rename(tmp, full);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => {});
    throw err;
  }
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
      await writeAtomically(full, body);
      return UPLOADS_PREFIX + key;
    },
    async removeByUrl(url) {
      if (!url.startsWith(UPLOADS_PREFIX)) return;
      await rm(resolveKey(url.slice(UPLOADS_PREFIX.length)), { force: true });
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (!e.isFile()) continue;
        const full = path.join(e.parentPath, e.name);
        const info = await stat(full).catch(() => null);
        if (!info) continue;
        const key = path.relative(root, full).split(path.sep).join('/');
        yield { url: UPLOADS_PREFIX + key, modified: info.mtime };
      }
    },
  };
}
