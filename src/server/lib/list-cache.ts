/**
 * First pages of the public lists (a searched board's too, one per term), of the admin's bounty
 * requests and project applications, and the queues' counts, kept per process and keyed by a version the
 * database bumps (list_versions, migration 0012), as the dashboard is keyed by
 * user.activity_version (ADR 0009).
 *
 * Why it cannot go stale: statement-level triggers on projects, bounties,
 * bounty_applicants, grants, resources and user names bump the list's version in
 * the writer's transaction, by any code path in any process. The version is read
 * before the page is computed, so a write that commits meanwhile makes the next
 * read compute again.
 *
 * What a repeat read costs: an unchanged write generation proves the version unchanged:
 * no statement at all (on PGlite one process owns the database, ADR 0003; on PostgreSQL
 * other processes' writes arrive as notifications, ADR 0023). After some other write it
 * reads the version row once (a primary-key lookup) and keeps the page if the list was
 * not touched. Where there is no generation to trust (PostgreSQL while its listener is
 * down), every request waits for a read of the version row that began after it arrived:
 * one statement instead of the page's, shared by the requests that arrive together.
 */
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbHandle } from '@/db/client';
import { listVersions } from '@/db/schema';

/** The public lists, and the review queues' counts (migrations 0029 and 0031). */
export type ListName =
  | 'projects'
  | 'bounties'
  | 'grants'
  | 'resources'
  | 'contributions'
  | 'bounty_requests'
  | 'project_applications';

/** Shared first pages, for bounties each viewer's 'applied' marks on them, and each member's hub places. */
const MAX_ENTRIES = 10_000;
/**
 * And at most about this much memory in all: a searched board keeps one page per term, so a visitor
 * trying term after term fills the cache with pages, not memory. The least recently used go first.
 */
const MAX_MEMORY = 64 * 1024 * 1024;
/**
 * What a kept page costs per character of its JSON: the parsed value, its text (kept-json.ts) and
 * the compressed copies sent (compress-api.ts). Measured: counting the JSON alone against 32 MB let
 * resident memory grow about 180 MB under a flood of large one-off searches, about 6 bytes a character.
 */
const BYTES_PER_JSON_CHAR = 6;

/** About the memory an entry holds, from its JSON (a Set or Map counts as its size, not its contents). */
function sizeOf(entry: Entry): number {
  try {
    return BYTES_PER_JSON_CHAR * Math.max(1, JSON.stringify(entry.value)?.length ?? 1);
  } catch {
    return BYTES_PER_JSON_CHAR;
  }
}

type Entry = { version: number; until: number; value: unknown };

function createListCache(handle: DbHandle, clock: () => number) {
  const generation = handle.writeGeneration;
  const known = new Map<ListName, { generation: number; version: number }>();
  // The pages read most stay kept (a hit counts as a use); at MAX_ENTRIES the least recently used goes.
  const entries = new LRUCache<string, Entry>({
    max: MAX_ENTRIES,
    maxSize: MAX_MEMORY,
    sizeCalculation: sizeOf,
  });
  const read = handle.db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.list, sql.placeholder('list')))
    .prepare('list_version');

  async function readVersion(list: ListName): Promise<number> {
    const before = generation?.();
    const [row] = await read.execute({ list });
    const v = Number(row?.version ?? 0);
    if (before !== undefined) known.set(list, { generation: before, version: v });
    return v;
  }

  // Without a generation to trust, every request needs a read of the version that starts after it arrived (so it
  // sees every write committed before it), but not one of its own: requests that arrive while a
  // read is in flight share the next read, started when that one ends. At 10 connections that is
  // about two reads per round trip to the database instead of one per request, and exactly as
  // fresh: no request is answered from a read that began before it came in.
  const inFlight = new Map<ListName, Promise<number>>();
  const queued = new Map<ListName, Promise<number>>();

  function startRead(list: ListName): Promise<number> {
    queued.delete(list);
    const p = readVersion(list).finally(() => {
      if (inFlight.get(list) === p) inFlight.delete(list);
    });
    inFlight.set(list, p);
    return p;
  }

  async function version(list: ListName): Promise<number> {
    const k = known.get(list);
    if (generation && k && k.generation === generation()) return k.version;
    const next = queued.get(list);
    if (next) return next;
    const current = inFlight.get(list);
    if (!current) return startRead(list);
    const after = current.then(
      () => startRead(list),
      () => startRead(list),
    );
    queued.set(list, after);
    return after;
  }

  return {
    /** The list's version now (read it once when a request takes several entries of one list). */
    version,
    /**
     * The value cached under `key` for `list` while its version is unchanged (and,
     * when `compute` says so, until an instant: a bounty's deadline moves it).
     */
    async get<T>(
      list: ListName,
      key: string,
      compute: () => Promise<{ value: T; until?: number }>,
      known?: number,
    ): Promise<T> {
      const v = known ?? (await version(list));
      const id = `${list}:${key}`;
      const hit = entries.get(id);
      if (hit && hit.version === v && clock() < hit.until) return hit.value as T;
      const { value, until = Number.POSITIVE_INFINITY } = await compute();
      entries.set(id, { version: v, until, value });
      return value;
    },
  };
}

export type ListCache = ReturnType<typeof createListCache>;

const caches = new WeakMap<DbHandle, ListCache>();

/** The list cache of a database (one per handle, so test servers never share one). */
export function listCache(handle: DbHandle, clock: () => number = Date.now): ListCache {
  let c = caches.get(handle);
  if (!c) {
    c = createListCache(handle, clock);
    caches.set(handle, c);
  }
  return c;
}
