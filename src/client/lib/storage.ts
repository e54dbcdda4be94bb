/**
 * Browser storage keys this app owns. Sign-out clears every localStorage key
 * except the referrer, so an invite link still counts if someone else signs up
 * on the same device afterwards.
 */
export const REFERRER_KEY = 'sysfi.referrer';
/** The sign-up schema accepts referrer ids up to this length. */
export const REFERRER_MAX = 64;

/** sessionStorage keys of form drafts (lib/form-draft.ts): `<prefix><member id>.<form>[.<entity>]`. */
export const DRAFT_PREFIX = 'sysfi.draft.';

/** The IndexedDB database of spec §3 (opened and cleared by lib/sysfi-db.ts). */
export const BROWSER_DB_NAME = 'SysfiDB';

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app works without it.
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // see writeLocal
  }
}

/** Removes every localStorage key except those listed. */
export function clearLocalExcept(keep: readonly string[]): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const k = window.localStorage.key(i);
      if (k !== null && !keep.includes(k)) keys.push(k);
    }
    for (const k of keys) window.localStorage.removeItem(k);
  } catch {
    // see writeLocal
  }
}

/** Deletes an IndexedDB database; resolves even when it does not exist or is blocked. */
export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    try {
      const req = window.indexedDB.deleteDatabase(name);
      req.onsuccess = () => resolve();
      req.onerror = () => resolve();
      // Another tab holds it open: the delete completes once that tab closes it.
      req.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}

/** Removes every sessionStorage key starting with `prefix` (sign-out: the member's form drafts). */
export function clearSessionPrefix(prefix: string): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.sessionStorage.length; i++) {
      const k = window.sessionStorage.key(i);
      if (k?.startsWith(prefix)) keys.push(k);
    }
    for (const k of keys) window.sessionStorage.removeItem(k);
  } catch {
    // see writeLocal
  }
}
