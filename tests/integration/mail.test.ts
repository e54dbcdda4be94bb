import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { signUp, startTestServer, type TestServer } from '../support/server';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe('mail', () => {
  it('keeps mail in the outbox while SMTP refuses it, and delivers it once SMTP is back', async () => {
    const t = await startTestServer();
    servers.push(t);
    t.smtp.setRefusing(true);
    const u = await signUp(t, { verify: false });
    await t.deps.mailer.deliverDue();
    const [pending] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(pending?.sentAt).toBeNull();
    expect(pending?.attempts).toBe(1);
    expect(pending?.lastError).toBeTruthy();
    expect(t.smtp.mails).toHaveLength(0);

    t.smtp.setRefusing(false);
    // Retries wait for their back-off; make this one due now instead of sleeping.
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.to, u.email));
    await t.deps.mailer.deliverDue();
    const mail = await t.smtp.waitFor(u.email, 'Verify');
    expect(mail.links.some((l) => l.includes('/api/auth/verify-email?token='))).toBe(true);
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(sent?.attempts).toBe(2);
  });

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
});
