import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const dir = () => mkdtempSync(path.join(tmpdir(), 'sysfi-env-'));

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const d = dir();
    const env = loadEnv({ DATA_DIR: d });
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      APP_URL: 'http://localhost:3000',
      ADMIN_EMAIL: 'admin@sysfi.local',
      DATA_DIR: d,
      TRUST_PROXY: false,
      WEB_CONCURRENCY: 1,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    // The generated secret is kept, so sessions survive a restart.
    expect(loadEnv({ DATA_DIR: d }).AUTH_SECRET).toBe(env.AUTH_SECRET);
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });
  it('derives APP_URL from PORT', () => {
    expect(loadEnv({ DATA_DIR: dir(), PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
  });
  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'not a url'],
    ['ADMIN_EMAIL', 'nobody'],
    ['NFT_MINT_URL', 'javascript:alert(1)'],
    ['AUTH_SECRET', 'short'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', 'two'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => loadEnv({ DATA_DIR: dir(), [name]: value })).toThrowError(new RegExp(name));
    expect(() => loadEnv({ DATA_DIR: dir(), [name]: value })).toThrowError(EnvError);
  });
  it('refuses several workers on the embedded database, which one process owns', () => {
    expect(() => loadEnv({ DATA_DIR: dir(), WEB_CONCURRENCY: '2' })).toThrowError(
      /WEB_CONCURRENCY: 2 workers need DATABASE_URL/,
    );
    const pg = { DATA_DIR: dir(), WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://u@db.example.com/sysfi' };
    expect(loadEnv(pg).WEB_CONCURRENCY).toBe(2);
  });
  it('requires AUTH_SECRET in production', () => {
    expect(() => loadEnv({ DATA_DIR: dir(), NODE_ENV: 'production' })).toThrowError(/AUTH_SECRET/);
  });
});
