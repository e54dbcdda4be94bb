import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, validationMessage } from './validation-messages';

const first = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input, { error: validationMessage });
  return r.success ? null : r.error.issues[0]!.message;
};

describe('validation sentences where a schema gives none', () => {
  it('names the field as a person would', () => {
    expect(fieldLabel(['displayName'])).toBe('Display name');
    expect(fieldLabel(['items', 2, 'prize_xp'])).toBe('Prize xp');
    expect(fieldLabel([])).toBe('The request');
  });

  it.each([
    [z.object({ title: z.string() }), {}, 'Title is required.'],
    [z.object({ title: z.string() }), { title: 5 }, 'Title must be a string.'],
    [z.object({ limit: z.coerce.number().int() }), { limit: 'abc' }, 'Limit must be a number.'],
    [z.object({ n: z.number().int() }), { n: 1.5 }, 'N must be a whole number.'],
    [z.object({ n: z.number().positive() }), { n: 0 }, 'N must be more than 0.'],
    [z.object({ meta: z.object({}) }), { meta: 'x' }, 'Meta must be an object.'],
    [z.object({ tags: z.array(z.string()) }), { tags: 'x' }, 'Tags must be a list.'],
    [z.object({ title: z.string().min(1) }), { title: '' }, 'Title is required.'],
    [z.object({ title: z.string().min(3) }), { title: 'a' }, 'Title must be at least 3 characters.'],
    [z.object({ title: z.string().max(5) }), { title: 'abcdefg' }, 'Title must be at most 5 characters.'],
    [z.object({ tags: z.array(z.string()).max(1) }), { tags: ['a', 'b'] }, 'Tags must be at most 1 item.'],
    [z.object({ points: z.number().max(500) }), { points: 900 }, 'Points must be at most 500.'],
    [
      z.object({ link: z.url() }),
      { link: 'nope' },
      'Link must be a full web address starting with https://.',
    ],
    [z.object({ email: z.email() }), { email: 'x' }, 'Email must be an e-mail address.'],
    [
      z.object({ role: z.enum(['builder', 'startup']) }),
      { role: 'x' },
      'Role must be one of: builder, startup.',
    ],
    [z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'Unknown field: b.'],
  ] as const)('%#: %j', (schema, input, message) => {
    const got = first(schema, input);
    expect(got).toBe(message);
    expect(got).not.toMatch(/expected|received|Invalid input|Too big|Too small/);
  });

  it('never replaces a message the schema gives', () => {
    expect(first(z.object({ title: z.string().min(1, 'Title is required') }), { title: '' })).toBe(
      'Title is required',
    );
  });
});
