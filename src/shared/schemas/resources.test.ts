import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { issueWith } from '../test-support';
import { resourceInputSchema, resourceSchema } from './resources';

const ok = { title: 'Guide', category: 'Docs', link: 'https://example.com/guide' };
const first = issueWith(resourceInputSchema, ok);

describe('resourceInputSchema (spec §3 Resource, written by the admin)', () => {
  it('accepts a complete resource, trimmed', () => {
    expect(
      resourceInputSchema.parse({
        title: ' Guide ',
        category: ' Docs ',
        link: ' https://example.com/guide ',
      }),
    ).toEqual(ok);
  });
  it('requires a title (at most 200) and a category (at most 40)', () => {
    expect(first({ title: ' ' })).toEqual({ path: 'title', message: MSG.resource.titleRequired });
    expect(first({ category: ' ' })).toEqual({ path: 'category', message: MSG.resource.categoryRequired });
    expect(first({ title: 't'.repeat(200), category: 'c'.repeat(40) })).toBeNull();
    expect(first({ title: 't'.repeat(201) })?.path).toBe('title');
    expect(first({ category: 'c'.repeat(41) })?.path).toBe('category');
  });
  it('takes only http(s) links of at most 500 characters', () => {
    const url = `https://a.io/${'x'.repeat(500 - 13)}`;
    expect(first({ link: url })).toBeNull();
    expect(first({ link: `${url}x` })).toEqual({ path: 'link', message: MSG.resource.invalidLink });
    expect(first({ link: 'javascript:alert(1)' })).toEqual({
      path: 'link',
      message: MSG.resource.invalidLink,
    });
  });
  it('refuses unknown fields', () => {
    expect(first({ id: 'r1' })).not.toBeNull();
  });
  it('resourceSchema keeps every field of the answer', () => {
    const r = { id: 'r1', ...ok, uploadedAt: '2026-08-10T09:00:00.000Z' };
    expect(resourceSchema.parse(r)).toEqual(r);
  });
});
