/** A real SMTP receiver on loopback: the app sends mail to it over the network. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string; raw: string; links: string[] };

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-plain subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([\w-]+)\?([QB])\?(.*?)\?=/gi, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parse(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '');
  const body = decodeQuotedPrintable(rest.join('\n\n'));
  const links = [...new Set(body.match(/https?:\/\/[^\s"<>]+/g) ?? [])].map((l) => l.replace(/&amp;/g, '&'));
  return { to, subject, text: body, raw, links };
}

export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      if (refuse) {
        stream.resume();
        stream.on('end', () => cb(new Error('451 temporarily unavailable')));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        for (const w of waiters.splice(0)) w();
        cb();
      });
    },
  });
  // A sender killed mid-conversation (the crash test's kill -9) resets its socket: not a test failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Makes the receiver refuse (true) or accept (false) mail, to test retries. */
    setRefusing(v: boolean) {
      refuse = v;
    },
    async waitFor(to: string, subjectIncludes: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = mails.find((x) => x.to.includes(to.toLowerCase()) && x.subject.includes(subjectIncludes));
        if (m) return m;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} with "${subjectIncludes}" within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type Smtp = Awaited<ReturnType<typeof startSmtp>>;
