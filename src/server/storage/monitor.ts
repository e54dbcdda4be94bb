/**
 * Remembers how the storage backend's last writes went, so /api/health can say
 * "storage degraded" without doing any I/O of its own. Wraps any driver.
 */
import type { Storage } from './storage';

export type StorageHealth = {
  kind: Storage['kind'];
  lastOkAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  failures: number;
};

export type MonitoredStorage = Storage & { health(): StorageHealth };

export function monitorStorage(inner: Storage): MonitoredStorage {
  const h: StorageHealth = {
    kind: inner.kind,
    lastOkAt: null,
    lastErrorAt: null,
    lastError: null,
    failures: 0,
  };
  const track = async <T>(p: Promise<T>): Promise<T> => {
    try {
      const v = await p;
      h.lastOkAt = new Date();
      return v;
    } catch (err) {
      h.lastErrorAt = new Date();
      h.lastError = String((err as Error).message ?? err).slice(0, 300);
      h.failures += 1;
      throw err;
    }
  };
  return {
    ...inner,
    kind: inner.kind,
    put: (key, body, type) => track(inner.put(key, body, type)),
    removeByUrl: (url) => track(inner.removeByUrl(url)),
    health: () => ({ ...h }),
  };
}

/** Degraded while the latest outcome is a failure (a success afterwards clears it). */
export function storageStatus(h: StorageHealth): { status: 'ok' | 'degraded'; reason?: string } {
  if (h.lastErrorAt && (!h.lastOkAt || h.lastErrorAt > h.lastOkAt)) {
    return {
      status: 'degraded',
      reason: `last write failed at ${h.lastErrorAt.toISOString()}: ${h.lastError}`,
    };
  }
  return { status: 'ok' };
}
