/**
 * Prometheus metrics at GET /metrics (prom-client): request rate and latency by route,
 * the mail queue (unsent, failed, attempts), the database pool, open event streams,
 * and Node's own (event-loop lag, heap, RSS, GC). One registry per app, so tests
 * can build several apps in one process.
 *
 * Access: with METRICS_TOKEN set, only `Authorization: Bearer <token>`; without it,
 * open outside production and off (404) in production.
 */
import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppBindings, AppDeps } from '../context';

/** The route a request matched, as declared ('/api/grants/:id'), never the raw path. */
function routeOf(c: Context): string {
  const path = c.req.path;
  if (!path.startsWith('/api/')) {
    if (path.startsWith('/assets/')) return '/assets/*';
    if (path.startsWith('/uploads/')) return '/uploads/*';
    return path === '/metrics' ? '/metrics' : 'page';
  }
  const routes = matchedRoutes(c);
  const responder = routes[c.req.routeIndex];
  const p = responder?.path;
  return p && p !== '/*' && p !== '*' && p !== '/api/*' ? p : 'unmatched';
}

export function createMetrics(deps: AppDeps) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { mailer, handle, sse } = deps;
  new Gauge({
    name: 'mail_queue_unsent',
    help: 'Mail waiting, retrying or being sent',
    registers: [registry],
    async collect() {
      this.set((await mailer.stats().catch(() => null))?.unsent ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'mail_queue_failed',
    help: 'Mail that failed after every retry (listed at /admin/mail)',
    registers: [registry],
    async collect() {
      this.set((await mailer.stats().catch(() => null))?.failed ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'mail_queue_oldest_unsent_seconds',
    help: 'Age of the oldest unsent mail',
    registers: [registry],
    async collect() {
      const at = (await mailer.stats().catch(() => null))?.oldestUnsent;
      this.set(at ? (Date.now() - at.getTime()) / 1000 : 0);
    },
  });
  for (const [name, help, key] of [
    ['mail_sent_total', 'Mail handed to the mail server by this process', 'sent'],
    ['mail_attempts_failed_total', 'Failed delivery attempts in this process (retried)', 'failedAttempts'],
    ['mail_failed_total', 'Mail that used up its retries in this process', 'failed'],
  ] as const) {
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(mailer.counters[key]);
      },
    });
  }
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = handle.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_change_feed_listening',
    help: 'PostgreSQL: 1 while this process hears the database notices its caches rely on; at 0 every read goes to the database (ADR 0023)',
    registers: [registry],
    collect() {
      if (handle.changes) this.set(handle.changes.listening() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'sse_clients',
    help: 'Open Server-Sent Events streams',
    registers: [registry],
    collect() {
      this.set(sse.size);
    },
  });
  return { registry, requests, duration };
}

/** Headers a proxy in front of us adds: a request carrying any came from elsewhere. */
const PROXY_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'via',
  'x-forwarded-host',
  'cf-connecting-ip',
];

function fromThisMachine(c: Context): boolean {
  if (PROXY_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  let address: string;
  try {
    address = getConnInfo(c).remote.address ?? '';
  } catch {
    return false; // no socket to read: not known to be this machine
  }
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * Counts every request and serves /metrics: with METRICS_TOKEN, to whoever sends it; without,
 * off in production and to this machine only elsewhere.
 */
export function installMetrics(app: OpenAPIHono<AppBindings>, deps: AppDeps) {
  const token = deps.env.METRICS_TOKEN;
  const enabled = !!token || deps.env.NODE_ENV !== 'production';
  if (!enabled) return;
  const m = createMetrics(deps);
  app.use('*', async (c, next) => {
    const end = m.duration.startTimer();
    await next();
    const route = routeOf(c);
    end({ method: c.req.method, route });
    m.requests.inc({ method: c.req.method, route, status: String(c.res.status) });
  });
  app.get('/metrics', async (c) => {
    if (token && !tokenMatches(c.req.header('authorization'), token)) {
      return c.text('metrics need Authorization: Bearer <METRICS_TOKEN>\n', 401);
    }
    // Without a token (outside production): only this machine may read them, not a visitor
    // of a development server on a network, nor anyone through a proxy.
    if (!token && !fromThisMachine(c)) {
      return c.text('metrics answer this machine only; set METRICS_TOKEN to read them from elsewhere\n', 403);
    }
    c.header('content-type', m.registry.contentType);
    c.header('cache-control', 'no-store');
    return c.body(await m.registry.metrics());
  });
}
