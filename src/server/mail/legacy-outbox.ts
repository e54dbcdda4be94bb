/**
 * Before ADR 0013 mail waited in the `mail_outbox` table. At start, whatever is still
 * unsent there (including mail the old sender had given up on) moves into the queue,
 * in one transaction, so an upgrade loses no mail. The table stays empty afterwards
 * and can be dropped in a later release.
 */
import { isNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import type { Logger } from '../lib/logger';
import type { Mailer } from './mailer';

export async function importLegacyOutbox(db: Database, mailer: Pick<Mailer, 'enqueue'>, log: Logger) {
  const moved = await db.transaction(async (tx) => {
    const rows = await tx.select().from(mailOutbox).where(isNull(mailOutbox.sentAt)).for('update');
    for (const r of rows) await mailer.enqueue(r.to, { subject: r.subject, text: r.text, html: r.html }, tx);
    if (rows.length) await tx.delete(mailOutbox).where(isNull(mailOutbox.sentAt));
    return rows.length;
  });
  if (moved) log.info({ moved }, 'moved unsent mail from mail_outbox into the mail queue');
}
