import { describe, expect, it } from 'vitest';
import type { Resource } from '@/shared/schemas/resources';
import { ALL_CATEGORIES, categoriesOf, filterResources } from './filter';

const r = (title: string, category: string): Resource => ({
  id: title,
  title,
  category,
  link: 'https://example.com',
  uploadedAt: '2026-01-01T00:00:00.000Z',
});

const list = [
  r('Café Protocol Guide', 'Guides'),
  r('Solidity Audit Checklist', 'Security'),
  r('Brand kit', 'Design'),
  r('Grant writing 101', 'guides'),
];

describe('filterResources', () => {
  it('matches titles ignoring case and accents', () => {
    expect(filterResources(list, 'cafe', ALL_CATEGORIES).map((x) => x.title)).toEqual([
      'Café Protocol Guide',
    ]);
    expect(filterResources(list, 'AUDIT', ALL_CATEGORIES)).toHaveLength(1);
    expect(filterResources(list, '  brand  ', ALL_CATEGORIES)).toHaveLength(1);
  });
  it('searches titles only, not categories', () => {
    expect(filterResources(list, 'security', ALL_CATEGORIES)).toEqual([]);
  });
  it('narrows by category, case-insensitively, and combines with the search', () => {
    expect(filterResources(list, '', 'Guides')).toHaveLength(2);
    expect(filterResources(list, 'grant', 'Guides').map((x) => x.title)).toEqual(['Grant writing 101']);
    expect(filterResources(list, 'brand', 'Guides')).toEqual([]);
  });
  it('returns everything for an empty search and all categories', () => {
    expect(filterResources(list, '', ALL_CATEGORIES)).toHaveLength(4);
  });
});

describe('categoriesOf', () => {
  it('lists distinct categories alphabetically, merging case variants', () => {
    expect(categoriesOf(list)).toEqual(['Design', 'Guides', 'Security']);
  });
});
