import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalText } from '@/shared/schemas/common';
import { maxLengthOf } from './form';

describe('maxLengthOf', () => {
  const schema = z
    .object({
      plain: z.string().max(10),
      trimmed: z.string().trim().min(1).max(20),
      optional: z.string().max(30).optional(),
      nullable: z.string().max(40).nullable(),
      defaulted: z.string().trim().max(50).default(''),
      transformed: z
        .string()
        .max(60)
        .optional()
        .transform((v) => v || null),
      piped: optionalText(z.string().max(70)),
      url: z.url().max(80),
      free: z.string().trim(),
      count: z.number().max(90),
    })
    .refine((v) => v.plain !== v.free);
  const max = maxLengthOf(schema);

  it('reads the maximum through trims, wrappers and pipes', () => {
    expect(max('plain')).toBe(10);
    expect(max('trimmed')).toBe(20);
    expect(max('optional')).toBe(30);
    expect(max('nullable')).toBe(40);
    expect(max('defaulted')).toBe(50);
    expect(max('transformed')).toBe(60);
    expect(max('piped')).toBe(70);
    expect(max('url')).toBe(80);
  });

  it('gives none for a field without a maximum on its text', () => {
    expect(max('free')).toBeUndefined();
    expect(max('count')).toBeUndefined();
    // @ts-expect-error: only the schema's own fields
    expect(max('nope')).toBeUndefined();
  });

  it('reads the object under a transformed schema', () => {
    const piped = z.object({ name: z.string().max(5) }).transform((v) => ({ name: v.name.toUpperCase() }));
    expect(maxLengthOf(piped)('name')).toBe(5);
  });
});
