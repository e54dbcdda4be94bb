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
    // One assertion over every field, so a failure shows each field's reading at once.
    const read = Object.fromEntries(
      (['plain', 'trimmed', 'optional', 'nullable', 'defaulted', 'transformed', 'piped', 'url'] as const).map(
        (f) => [f, max(f)],
      ),
    );
    expect(read).toEqual({
      plain: 10,
      trimmed: 20,
      optional: 30,
      nullable: 40,
      defaulted: 50,
      transformed: 60,
      piped: 70,
      url: 80,
    });
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
