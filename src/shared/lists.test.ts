import { describe, expect, it } from 'vitest';
import { ownRoleLabel, ROLE_FILTERS, ROLES, roleFilterLabel } from './lists';

describe('role labels', () => {
  it('calls the admin "Admin" whatever role they signed up with, and anyone else by their role', () => {
    expect(ownRoleLabel('builder', true)).toBe('Admin');
    expect(ownRoleLabel('startup', false)).toBe('Startup');
    expect(ownRoleLabel(null, false)).toBe('Builder');
  });

  it('offers the admin first in the role filter, in the words ownRoleLabel uses, then every role', () => {
    expect(ROLE_FILTERS).toEqual(['admin', ...ROLES]);
    expect(roleFilterLabel('admin')).toBe(ownRoleLabel('builder', true));
    expect(roleFilterLabel('Community Member')).toBe('Community Member');
    expect(roleFilterLabel('builder')).toBe('Builder');
    // 'admin' is a standing, never a role anyone signs up with.
    expect((ROLES as readonly string[]).includes('admin')).toBe(false);
  });
});
