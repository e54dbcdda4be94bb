/**
 * GET /api/health: ok, degraded or down, with the reason per dependency. Cheap by
 * design (load balancers call it every few seconds): one `select 1`, the mail
 * queue's counts (cached for a few seconds), and what the storage driver's last
 * writes did (no I/O). 200 while the database answers, 503 when it does not.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppBindings, AppDeps } from '../context';
import { errorResponses } from '../lib/errors';
import { jsonContent } from '../lib/openapi';
import { noAnswerWithin, withTimeout } from '../lib/timeout';
import { storageStatus } from '../storage/monitor';

/** Mail older than this and still unsent makes the mail check degraded. */
export const MAIL_LAG_DEGRADED_S = 15 * 60;
const CHECK_TIMEOUT_MS = 2000;

const status = z.enum(['ok', 'degraded', 'down']);
const healthSchema = z.object({
  status,
  /** Kept for existing probes: true unless the database is down. */
  ok: z.boolean(),
  db: z.string(),
  checks: z.object({
    database: z.object({
      status,
      kind: z.string(),
      ms: z.number().optional(),
      reason: z.string().optional(),
    }),
    mail: z.object({
      status,
      transport: z.string(),
      unsent: z.number().optional(),
      oldestUnsentSeconds: z.number().nullable().optional(),
      failed: z.number().optional(),
      reason: z.string().optional(),
    }),
    storage: z.object({ status, kind: z.string(), reason: z.string().optional() }),
  }),
});
export type Health = z.infer<typeof healthSchema>;

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'ok / degraded / down, with the reason per dependency (database, mail, storage)',
  responses: {
    200: jsonContent(healthSchema, 'Serving (ok or degraded)'),
    503: jsonContent(healthSchema, 'Database down'),
    ...errorResponses(),
  },
});

const within = <T>(p: Promise<T>, what: string) =>
  withTimeout(p, CHECK_TIMEOUT_MS, () => new Error(noAnswerWithin(what, CHECK_TIMEOUT_MS)));

const message = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 200);

export async function checkHealth(deps: AppDeps): Promise<Health> {
  const { handle, mailer, storage } = deps;
  const t0 = performance.now();
  let database: Health['checks']['database'];
  try {
    await within(handle.db.execute(sql`select 1`), 'database');
    database = { status: 'ok', kind: handle.kind, ms: Math.round((performance.now() - t0) * 10) / 10 };
  } catch (err) {
    database = { status: 'down', kind: handle.kind, reason: message(err) };
  }

  let mail: Health['checks']['mail'];
  if (database.status !== 'ok') {
    mail = { status: 'degraded', transport: mailer.transportKind, reason: 'queue unreadable: database down' };
  } else {
    try {
      const s = await within(mailer.stats(), 'mail queue');
      const age = s.oldestUnsent
        ? Math.max(0, Math.round((Date.now() - s.oldestUnsent.getTime()) / 1000))
        : null;
      const reasons = [];
      if (s.failed > 0) reasons.push(`${s.failed} mail failed after every retry (admin: /admin/mail)`);
      if (age !== null && age > MAIL_LAG_DEGRADED_S) reasons.push(`oldest unsent mail waits ${age} s`);
      mail = {
        status: reasons.length ? 'degraded' : 'ok',
        transport: mailer.transportKind,
        unsent: s.unsent,
        oldestUnsentSeconds: age,
        failed: s.failed,
        ...(reasons.length ? { reason: reasons.join('; ') } : {}),
      };
    } catch (err) {
      mail = { status: 'degraded', transport: mailer.transportKind, reason: message(err) };
    }
  }

  const st = storageStatus(storage.health());
  const checks = { database, mail, storage: { kind: storage.kind, ...st } };
  const overall =
    database.status === 'down'
      ? 'down'
      : Object.values(checks).some((c) => c.status !== 'ok')
        ? 'degraded'
        : 'ok';
  return { status: overall, ok: overall !== 'down', db: handle.kind, checks };
}

export function healthRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(healthRoute, async (c) => {
    const deps = c.get('deps');
    const h = await checkHealth(deps);
    if (h.status !== 'ok') c.get('log').warn({ health: h }, 'health: not ok');
    c.header('cache-control', 'no-store');
    return c.json(h, h.status === 'down' ? 503 : 200);
  });
}
