import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/db/schema';
import { signUp, startTestServer, type TestServer } from '../support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe('mail', () => {
  it('keeps mail queued while SMTP refuses it, and delivers it once SMTP is back', async () => {
    const t = await startTestServer({ mail: { retryDelaySeconds: 1 } });
    servers.push(t);
    t.smtp.setRefusing(true);
    const u = await signUp(t, { verify: false });
    await t.deps.mailer.deliverDue();
    expect(await t.deps.mailer.stats()).toMatchObject({ unsent: 1, failed: 0 });
    expect(t.smtp.mails).toHaveLength(0);

    t.smtp.setRefusing(false);
    const deadline = Date.now() + 60_000;
    while (!t.smtp.mails.length && Date.now() < deadline) {
      await t.deps.mailer.deliverDue();
      await new Promise((r) => setTimeout(r, 100));
    }
    const mail = await t.smtp.waitFor(u.email, 'Verify');
    expect(mail.links.some((l) => l.includes('/api/auth/verify-email?token='))).toBe(true);
    expect(mail.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@localhost>/im);
  }, 120_000);

  it('writes .eml files to DATA_DIR/outbox when no SMTP_URL is set', async () => {
    const t = await startTestServer({ env: { SMTP_URL: '' } });
    servers.push(t);
    const u = await signUp(t, { verify: false });
    await t.deps.mailer.deliverDue();
    const dir = path.join(t.deps.env.DATA_DIR, 'outbox');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${u.email}`);
    expect(eml).toMatch(/Subject: Verify your e-mail for Sysfi Labs/);
    expect(eml.replace(/=\r?\n/g, '')).toContain('/api/auth/verify-email?token=3D');
    expect(t.smtp.mails).toHaveLength(0);
  });

  it('moves mail left unsent in the old mail_outbox table into the queue at start', async () => {
    const t = await startTestServer();
    servers.push(t);
    await t.db
      .insert(mailOutbox)
      .values({ to: 'legacy@example.test', subject: 'Old mail', text: 'hi', html: '<p>hi</p>' });
    const { importLegacyOutbox } = await import('@/server/mail/legacy-outbox');
    await importLegacyOutbox(t.db, t.deps.mailer, t.deps.log);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'legacy@example.test'))).toHaveLength(
      0,
    );
    await t.deps.mailer.deliverDue();
    expect((await t.smtp.waitFor('legacy@example.test', 'Old mail')).text).toContain('hi');
  });
});
