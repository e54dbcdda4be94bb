/** GET /metrics (issue 15): Prometheus text with routes, mail queue, pool, streams and the event loop; guarded in production. */
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind, untilTrusted } from '../support/db';
import { signUp, startTestServer, type TestServer } from '../support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe(`metrics (${testDbKind})`, () => {
  it('counts requests by declared route and reports the mail queue, streams and event-loop lag', async () => {
    const t = await startTestServer();
    servers.push(t);
    const u = await signUp(t);
    await u.client.get('/api/leaderboard');
    await u.client.get('/api/grants/does-not-exist');
    await untilTrusted(t.deps.handle);
    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/leaderboard",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/grants\/:id",status="\d+"\} 1/);
    expect(text).not.toContain('does-not-exist');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/leaderboard"\}/,
    );
    expect(text).toMatch(/^mail_queue_unsent \d+$/m);
    expect(text).toMatch(/^mail_queue_failed 0$/m);
    expect(text).toMatch(/^mail_sent_total \d+$/m);
    expect(text).toMatch(/^sse_clients 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    if (testDbKind === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
      // The change feed, started by the first request's session lookup, listens (ADR 0023).
      expect(text).toMatch(/^db_change_feed_listening 1$/m);
    }
    // Without a token, only this machine reads them: not through a proxy.
    for (const proxy of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 nginx' },
    ] as Record<string, string>[]) {
      const proxied = await fetch(`${t.url}/metrics`, { headers: proxy });
      expect(proxied.status, JSON.stringify(proxy)).toBe(403);
      expect(await proxied.text()).not.toContain('http_requests_total');
    }
  });

  it('is off in production without METRICS_TOKEN, and needs the token when one is set', async () => {
    const secret = { NODE_ENV: 'production', AUTH_SECRET: 'metrics-test-secret-0123456789-0123456789' };
    const off = await startTestServer({ env: secret });
    servers.push(off);
    expect((await fetch(`${off.url}/metrics`)).status).toBe(404);

    const token = 'metrics-token-0123456789';
    const on = await startTestServer({ env: { ...secret, METRICS_TOKEN: token } });
    servers.push(on);
    expect((await fetch(`${on.url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${on.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456' } })).status,
    ).toBe(401);
    const ok = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_requests_total');
  });
});
