/**
 * How one mail leaves the process: nodemailer to SMTP_URL with connection, greeting
 * and socket timeouts (a server that accepts and never answers costs a worker at
 * most SEND_LIMIT_MS, never a request), or, without SMTP_URL, an .eml file in
 * DATA_DIR/outbox and a log line with the links, so a laptop needs no mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger';
import { withTimeout } from '../lib/timeout';

export type MailJob = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Fixed when the mail is queued: a second delivery after a crash carries the same id. */
  messageId: string;
  headers?: Record<string, string>;
};

export const SMTP_TIMEOUTS = {
  /** TCP connect. */
  connectionTimeout: 10_000,
  /** From connect to the server's 220 greeting. */
  greetingTimeout: 10_000,
  /** Silence on an open socket. */
  socketTimeout: 20_000,
};
/** Whatever happens inside nodemailer, a send is given up after this long. */
export const SEND_LIMIT_MS = 60_000;

export function createTransport(opts: { smtpUrl?: string; from: string; dataDir: string; log: Logger }) {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outboxDir = path.join(opts.dataDir, 'outbox');

  async function deliver(mail: MailJob) {
    const info = await withTimeout<unknown>(
      transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
      }),
      SEND_LIMIT_MS,
      () => new Error(`mail send gave up after ${SEND_LIMIT_MS} ms`),
      { unref: true },
    );
    if (!opts.smtpUrl) {
      await mkdir(outboxDir, { recursive: true });
      const name = mail.messageId.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
      const file = path.join(outboxDir, `${Date.now()}-${name}.eml`);
      await writeFile(file, (info as { message: Buffer }).message);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: mail.to, subject: mail.subject, links, file }, 'mail written to outbox');
    }
  }

  return {
    deliver,
    close: () => transport.close(),
    kind: opts.smtpUrl ? ('smtp' as const) : ('file' as const),
  };
}
