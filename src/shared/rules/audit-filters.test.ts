import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '../schemas/audit';
import { auditFiltersFrom, isAuditDay } from './audit-filters';

const from = (query: string) => {
  const p = new URLSearchParams(query);
  return auditFiltersFrom((k) => p.get(k));
};

describe('audit filters from a link', () => {
  it('takes each filter the API takes, trimmed, and nothing else', () => {
    expect(
      from('actor=%20Ada%20&action=user.role&from=2026-01-01&to=2026-01-31&target=abc_123-X&page=2'),
    ).toEqual({
      filters: {
        actor: 'Ada',
        action: 'user.role',
        from: '2026-01-01',
        to: '2026-01-31',
        target: 'abc_123-X',
      },
      ignored: [],
    });
    expect(from('')).toEqual({ filters: {}, ignored: [] });
    expect(from('actor=&target=%20')).toEqual({ filters: {}, ignored: [] });
  });

  it('sets aside, by name, each value the API would refuse', () => {
    expect(
      from(
        `from=yesterday&to=9999-12-31&target=${encodeURIComponent("x' or 1=1")}&action=${'a'.repeat(101)}`,
      ),
    ).toEqual({ filters: {}, ignored: ['action', 'from', 'to', 'target'] });
    expect(from(`actor=${'a'.repeat(201)}&to=2026-02-01`)).toEqual({
      filters: { to: '2026-02-01' },
      ignored: ['actor'],
    });
  });

  it('agrees with the API schema on every value it keeps or sets aside', () => {
    const values = [
      '2026-01-01',
      '9999-12-30',
      '9999-12-31',
      '0000-01-01',
      'x',
      '',
      'a'.repeat(64),
      'a'.repeat(65),
      'ü',
    ];
    for (const key of ['from', 'to', 'target', 'action', 'actor'] as const)
      for (const v of values) {
        const { filters, ignored } = from(new URLSearchParams({ [key]: v }).toString());
        const api = auditQuerySchema.safeParse({ [key]: v });
        if (filters[key] !== undefined) expect(api.success, `${key}=${v}`).toBe(true);
        if (ignored.includes(key)) expect(api.success, `${key}=${v}`).toBe(false);
      }
    expect(isAuditDay('2026-13-01')).toBe(false);
  });
});
