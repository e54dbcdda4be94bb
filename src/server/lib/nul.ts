/**
 * PostgreSQL text cannot hold U+0000: a NUL that reaches a query fails it, and the
 * request ends in a 500. No field of this API has a use for one, so a request that
 * carries a NUL in its URL (path or query) or in a body field is refused up front
 * (found by wapiti, see docs/security.md). So is a form body that cannot be read at all.
 */
import type { HonoRequest } from 'hono';

/** `\u0000` in JSON text, unless its backslash is itself escaped (`\\u0000` is six harmless characters). */
const JSON_NUL = /(?<!\\)(?:\\\\)*\\u0000/;

const hasNul = (v: unknown) =>
  (typeof v === 'string' && v.includes('\0')) || (v instanceof File && v.name.includes('\0'));

export async function carriesNul(req: HonoRequest): Promise<boolean> {
  // A raw NUL never gets past Node's HTTP parser; an encoded one is decoded by the router.
  if (/%00/i.test(req.url)) return true;
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  const type = req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (/^application\/([\w.-]+\+)?json$/.test(type)) {
    // Cached by Hono: the route's validator reads the same text.
    const text = await req.text();
    return text.includes('\0') || JSON_NUL.test(text);
  }
  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    let form: Record<string, unknown>;
    try {
      // Cached as FormData: the route parses it again with its own options.
      form = await req.parseBody({ all: true });
    } catch {
      // Unreadable (no boundary, cut off): refused here too. Hono keeps the failed parse, and a
      // route's form validator awaits that kept promise outside its own error handling, so
      // letting it through turned a malformed upload into a 500.
      return true;
    }
    return Object.entries(form).some(([k, v]) => k.includes('\0') || [v].flat().some(hasNul));
  }
  return false;
}
