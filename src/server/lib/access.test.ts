import { describe, expect, it } from 'vitest';
import { isAdminUser } from './access';

describe('isAdminUser (ADMIN_EMAIL is compared without case)', () => {
  it('recognises the verified admin whatever the case on either side', () => {
    expect(isAdminUser({ email: 'admin@example.com', emailVerified: true }, 'Admin@Example.com')).toBe(true);
    expect(isAdminUser({ email: 'Admin@Example.com', emailVerified: true }, 'admin@example.com')).toBe(true);
    expect(isAdminUser({ email: 'ADMIN@EXAMPLE.COM', emailVerified: true }, 'admin@example.com')).toBe(true);
  });
  it('is never an unverified account, another address, or nobody', () => {
    expect(isAdminUser({ email: 'admin@example.com', emailVerified: false }, 'admin@example.com')).toBe(
      false,
    );
    expect(isAdminUser({ email: 'admin@example.org', emailVerified: true }, 'admin@example.com')).toBe(false);
    expect(isAdminUser({ email: 'admin+x@example.com', emailVerified: true }, 'admin@example.com')).toBe(
      false,
    );
    expect(isAdminUser(null, 'admin@example.com')).toBe(false);
  });
});
