import { describe, expect, it } from 'vitest';
import { usersQuerySchema } from '../schemas/users-admin';
import { USERS_FILTER_KEYS, usersFiltersFrom } from './users-filters';

function from(search: string) {
  const p = new URLSearchParams(search);
  return usersFiltersFrom((k) => p.get(k));
}

describe('usersFiltersFrom (the users console read from its link)', () => {
  it('keeps every value the console offers, trimmed, and names the sort', () => {
    expect(
      from('q=%20ada%20&role=startup&status=pending&verified=yes&disabled=no&reviewer=yes&sort=xp'),
    ).toEqual({
      filters: {
        q: 'ada',
        role: 'startup',
        status: 'pending',
        verified: 'yes',
        disabled: 'no',
        reviewer: 'yes',
        sort: 'xp',
      },
      ignored: [],
    });
    expect(from('')).toEqual({ filters: { sort: 'joined' }, ignored: [] });
    expect(from('role=&q=%20&utm_source=x')).toEqual({ filters: { sort: 'joined' }, ignored: [] });
  });

  it('sets aside what the API would refuse, and applies the rest', () => {
    expect(
      from(`role=wizard&status=gone&verified=maybe&sort=name&q=${'a'.repeat(121)}&disabled=yes`),
    ).toEqual({
      filters: { disabled: 'yes', sort: 'joined' },
      ignored: ['q', 'role', 'status', 'verified', 'sort'],
    });
  });

  it('agrees with the API schema on every value it keeps or sets aside', () => {
    const values = [
      'yes',
      'no',
      'admin',
      'startup',
      'Community Member',
      'pending',
      'approved',
      'joined',
      'xp',
      'x',
      'a'.repeat(120),
      'a'.repeat(121),
      'YES',
    ];
    for (const key of USERS_FILTER_KEYS)
      for (const v of values) {
        const { filters, ignored } = from(new URLSearchParams({ [key]: v }).toString());
        const api = usersQuerySchema.safeParse({ [key]: v });
        if (ignored.includes(key)) expect(api.success, `${key}=${v}`).toBe(false);
        else expect(api.success, `${key}=${v}`).toBe(true);
        if (!ignored.includes(key)) expect(filters[key], `${key}=${v}`).toBe(v);
      }
  });
});
