/**
 * The only module that reads process.env. Values are validated at boot; a bad one
 * stops the server with a message naming the variable (principle 6, docs/architecture.md).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Sysfi Labs <no-reply@sysfi.local>'),
  ADMIN_EMAIL: z.email().default('admin@sysfi.local'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  NFT_MINT_URL: z
    .url()
    .refine((u) => /^https?:/.test(u), 'must be an http(s) URL')
    .default('https://opensea.io/collection/sysfi-genesis'),
  ANALYTICS_MEASUREMENT_ID: z
    .string()
    .regex(/^[A-Z0-9-]{4,32}$/, 'must look like G-XXXXXXX')
    .optional(),
  /** S3-compatible object storage; all of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY switch it on. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Bearer token for GET /metrics (Prometheus). Set: the token is required. Unset: /metrics is
   * open outside production and off in production.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Trust X-Forwarded-For for client IPs (rate limits). Only behind your own proxy. */
  /** Worker processes sharing the port (node:cluster, src/server/cluster.ts); more than 1 needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Admin (and reviewer) writes need a second factor (issue 21). On unless set to false;
   * only the shared test fixtures and local development turn it off (docs/security.md).
   */
  REQUIRE_STAFF_2FA: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.infer<typeof envSchema> & {
  APP_URL: string;
  AUTH_SECRET: string;
  DATA_DIR: string;
};

export class EnvError extends Error {}

/** Parses an environment (process.env by default). Tests pass their own. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const s3 = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    throw new EnvError(
      'Invalid configuration:\n  S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all three to use object storage, or none',
    );
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new EnvError(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${e.WEB_CONCURRENCY} workers need DATABASE_URL (PostgreSQL). ` +
        'The embedded database (PGlite) can be opened by one process only; set DATABASE_URL, or WEB_CONCURRENCY=1.',
    );
  }
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new EnvError('Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production');
  }
  return {
    ...e,
    DATA_DIR: dataDir,
    APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: e.AUTH_SECRET ?? devSecret(dataDir),
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
