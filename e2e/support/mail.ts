/**
 * A real SMTP receiver on loopback: the app under test sends its mail here over
 * SMTP (SMTP_URL), exactly as it would to a production relay, and tests wait for
 * a message and follow its links.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** Every http(s) URL in the text part. */
  links: string[];
  raw: string;
  receivedAt: number;
};

/** Undoes quoted-printable: soft line breaks (`=\r\n`) and `=XX` escapes (UTF-8 aware). */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in headers (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

type Part = { headers: Map<string, string>; body: string };

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Unfold continuation lines, then split "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const enc = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** The first text/plain part, searching multipart bodies depth first. */
function findText(part: Part): string | undefined {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break; // closing delimiter
      const found = findText(parsePart(piece.replace(/^\r?\n/, '')));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return /^text\/plain/i.test(type) ? decodeBody(part) : undefined;
}

export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const top = parsePart(raw);
  const text = (findText(top) ?? '').replace(/\r\n/g, '\n');
  const headerTo = (top.headers.get('to') ?? '').match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? [];
  const to = [...new Set([...envelopeTo, ...headerTo].map((a) => a.toLowerCase()))];
  return {
    to,
    from: decodeHeader(top.headers.get('from') ?? ''),
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    text,
    links: text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [],
    raw,
    receivedAt: Date.now(),
  };
}

export type MailCatcher = {
  port: number;
  /** smtp://127.0.0.1:<port>, for the app's SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving) to `to` whose subject includes the text. */
  waitForMail: (to: string, subjectIncludes: string, timeoutMs?: number) => Promise<ReceivedMail>;
  stop: () => Promise<void>;
};

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'sysfi e2e mail catcher',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  function waitForMail(to: string, subjectIncludes: string, timeoutMs = 30_000): Promise<ReceivedMail> {
    const want = to.toLowerCase();
    const find = () => messages.find((m) => m.to.includes(want) && m.subject.includes(subjectIncludes));
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = find();
        if (!m) return;
        cleanup();
        resolve(m);
      };
      const timer = setTimeout(() => {
        cleanup();
        const seen = messages.map((m) => `  ${m.to.join(',')}: ${m.subject}`).join('\n') || '  (none)';
        reject(
          new Error(
            `No mail to ${to} with subject containing "${subjectIncludes}" within ${timeoutMs} ms. Received:\n${seen}`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
