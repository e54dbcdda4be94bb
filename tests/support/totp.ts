/**
 * TOTP codes computed in the test from an otpauth:// URI (RFC 6238, SHA-1, as the
 * URI says), the way an authenticator app does: written here from the RFC, not
 * borrowed from the library the server uses, so a test checks the server against
 * the standard.
 */
import { createHmac } from 'node:crypto';

function base32Decode(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of s.replace(/=+$/, '').toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export type Totp = { secret: Buffer; digits: number; period: number };

export function parseOtpauth(uri: string): Totp {
  const u = new URL(uri);
  if (u.protocol !== 'otpauth:' || u.host !== 'totp') throw new Error(`not a TOTP URI: ${uri}`);
  return {
    secret: base32Decode(u.searchParams.get('secret') ?? ''),
    digits: Number(u.searchParams.get('digits') ?? 6),
    period: Number(u.searchParams.get('period') ?? 30),
  };
}

/** The code for the step `offset` steps from now (0 = current). */
export function totpCode(t: Totp, offset = 0, now = Date.now()): string {
  const counter = Math.floor(now / 1000 / t.period) + offset;
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const h = createHmac('sha1', t.secret).update(msg).digest();
  const o = h[h.length - 1]! & 0xf;
  const n = (h.readUInt32BE(o) & 0x7fffffff) % 10 ** t.digits;
  return String(n).padStart(t.digits, '0');
}

/** A code that is valid for none of the accepted steps (previous, current, next). */
export function wrongCode(t: Totp): string {
  const valid = new Set([-1, 0, 1, 2].map((i) => totpCode(t, i)));
  for (let i = 0; ; i++) {
    const c = String(i).padStart(t.digits, '0');
    if (!valid.has(c)) return c;
  }
}

/** The same, from the key an app takes when typed by hand (base32, 6 digits, 30 s). */
export function totpFromKey(key: string): Totp {
  return { secret: base32Decode(key.replace(/\s+/g, '')), digits: 6, period: 30 };
}
