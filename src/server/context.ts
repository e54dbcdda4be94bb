import type { OpenAPIHono } from '@hono/zod-openapi';
import type { DbHandle } from '../db/client';
import type { user } from '../db/schema';
import type { Auth } from './auth/auth';
import type { SessionCache } from './auth/session-cache';
import type { Env } from './env';
import type { LeaderboardService } from './features/leaderboard/leaderboard.service';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail/mailer';
import type { Bus } from './realtime/bus';
import type { SseHub } from './realtime/sse-hub';
import type { MonitoredStorage } from './storage/monitor';

/** Everything a request handler may use; built once in app.ts, swapped whole in tests. */
export type AppDeps = {
  env: Env;
  handle: DbHandle;
  auth: Auth;
  sessions: SessionCache;
  mailer: Mailer;
  log: Logger;
  storage: MonitoredStorage;
  bus: Bus;
  /** Open event streams (counted in /metrics, ended with a retry hint at shutdown). */
  sse: SseHub;
  leaderboard: LeaderboardService;
  /** The clock, injectable so tests can move time (cooldowns, day limits). */
  now: () => Date;
};

export type UserRow = typeof user.$inferSelect;

export type AppBindings = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    /** The signed-in user's row, or null; loaded once per request by the session middleware. */
    user: UserRow | null;
    /** The id of the session the request came with (better-auth's session row), or null. */
    sessionId: string | null;
    isAdmin: boolean;
    /** The client's IP (from the socket, or X-Forwarded-For behind a trusted proxy), or null. */
    clientIp: string | null;
  };
};

export type AppOpenAPI = OpenAPIHono<AppBindings>;
