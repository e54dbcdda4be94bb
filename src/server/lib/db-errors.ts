/**
 * Is this error "the database is unreachable or refusing work right now" (connection
 * refused, reset or killed, pool timeout, server shutting down, disk full), as opposed
 * to a bug or a rule? Those answer 503 with a clear message and change nothing; the
 * same request succeeds once the database is back.
 */

/** SQLSTATE classes and codes that mean the database, not the request, is the problem. */
const UNAVAILABLE_SQLSTATE = [
  /^08/, // connection exception
  /^57P0[1-4]$/, // admin shutdown, crash shutdown, cannot connect now, database dropped
  /^53/, // insufficient resources: disk full, out of memory, too many connections
  /^58/, // system error: I/O error
];
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ENOSPC',
  'EROFS',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|terminating connection|Connection ended|connection is closed|PGlite is closed|No space left on device|read-only file system/i;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errno?: unknown };
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_ERRNO.has(e.code)) return true;
    if (/^[0-9A-Z]{5}$/.test(e.code) && UNAVAILABLE_SQLSTATE.some((r) => r.test(e.code as string)))
      return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
