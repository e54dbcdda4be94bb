/**
 * Tokens for mail links that act on one record without a session (a new-sign-in
 * alert's "end this session"): `<id>.<HMAC-SHA256(AUTH_SECRET, purpose:id)>`, checked
 * in constant time. A token can do only its one thing, to its one record.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

function mac(secret: string, purpose: string, id: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest();
}

export function signLink(secret: string, purpose: string, id: string): string {
  return `${id}.${mac(secret, purpose, id).toString('base64url')}`;
}

/** The id the token was signed for, or null when it was not signed by us for this purpose. */
export function verifyLink(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const written = token.slice(dot + 1);
  const given = Buffer.from(written, 'base64url');
  const expected = mac(secret, purpose, id);
  // Only the one spelling we write: the decoder ignores a last character's spare bits (and stray
  // characters), so other spellings of the same signature would pass too.
  if (given.toString('base64url') !== written) return null;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return id;
}
