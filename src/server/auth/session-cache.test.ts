import { describe, expect, it } from 'vitest';
import { createSessionCache, sessionCookie } from './session-cache';

describe('session cache', () => {
  it('remembers a cookie for the TTL, never past the session’s own expiry', () => {
    const c = createSessionCache(10_000);
    c.set('tok', 'u1', new Date(50_000), 0);
    expect(c.get('tok', 9_999)).toBe('u1');
    expect(c.get('tok', 10_000)).toBeNull();
    c.set('tok', 'u1', new Date(5_000), 0);
    expect(c.get('tok', 5_000)).toBeNull();
  });
  it('evicts by cookie and by user', () => {
    const c = createSessionCache();
    c.set('a', 'u1', new Date(Date.now() + 60_000));
    c.set('b', 'u1', new Date(Date.now() + 60_000));
    c.set('c', 'u2', new Date(Date.now() + 60_000));
    c.evictUser('u1');
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([null, null, 'u2']);
    c.evictCookie('c');
    expect(c.get('c')).toBeNull();
  });
  it('does not cache a lookup that began before the user’s sessions were revoked', () => {
    const c = createSessionCache(10_000);
    const exp = new Date(1_000_000);
    c.evictUser('u1', 500);
    c.set('old', 'u1', exp, 600, 400); // began at 400, revoked at 500: the session may be gone
    expect(c.get('old', 600)).toBeNull();
    c.set('new', 'u1', exp, 600, 501); // began after the revocation
    expect(c.get('new', 600)).toBe('u1');
    c.set('other', 'u2', exp, 600, 400); // another user is not concerned
    expect(c.get('other', 600)).toBe('u2');
  });
  it('keeps the session id with the entry', () => {
    const c = createSessionCache(10_000);
    c.set('k', 'u1', new Date(1_000_000), 0, 0, 's1');
    expect(c.entry('k', 1)).toMatchObject({ userId: 'u1', sessionId: 's1' });
  });
  it('reads the session cookie from a Cookie header', () => {
    expect(sessionCookie('x=1; better-auth.session_token=abc.def%3D; y=2')).toBe('abc.def%3D');
    expect(sessionCookie('__Secure-better-auth.session_token=zzz')).toBe('zzz');
    expect(sessionCookie('other=1')).toBeNull();
    expect(sessionCookie(undefined)).toBeNull();
  });
});
