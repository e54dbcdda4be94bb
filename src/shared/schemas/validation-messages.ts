/**
 * The sentence for a rule broken where a schema gives none of its own (the spec's messages are
 * written on the schemas and always win): "Title must be at most 200 characters.", never zod's
 * "Too big: expected string to have <=200 characters". It names the field, as a person would,
 * and says what to send. The server installs it for every schema (z.config in server/app.ts).
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/** `displayName` → "Display name"; `items.2.link` → "Link"; no path → "The request". */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const name = [...(path ?? [])].reverse().find((p) => typeof p === 'string');
  if (!name) return 'The request';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const FORMATS: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a full web address starting with https://',
  uuid: 'an id',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  regex: 'in the expected form',
};

const KINDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

function bound(iss: Issue & { origin?: string }, n: number | bigint): string {
  if (iss.origin === 'string') return `${n} character${n === 1 ? '' : 's'}`;
  if (iss.origin === 'array' || iss.origin === 'set') return `${n} item${n === 1 ? '' : 's'}`;
  if (iss.origin === 'file') return `${n} bytes`;
  return String(n);
}

export function validationMessage(iss: Issue): string {
  const field = fieldLabel(iss.path);
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined || iss.input === null
        ? `${field} is required.`
        : `${field} must be ${KINDS[iss.expected] ?? `a ${iss.expected}`}.`;
    case 'too_small':
      if (iss.origin === 'string' && Number(iss.minimum) === 1) return `${field} is required.`;
      return `${field} must be ${iss.inclusive === false ? 'more than' : 'at least'} ${bound(iss, iss.minimum)}.`;
    case 'too_big':
      return `${field} must be ${iss.inclusive === false ? 'less than' : 'at most'} ${bound(iss, iss.maximum)}.`;
    case 'invalid_format':
      return `${field} must be ${FORMATS[iss.format] ?? 'in the expected form'}.`;
    case 'invalid_value':
      return iss.values.length <= 8
        ? `${field} must be one of: ${iss.values.map(String).join(', ')}.`
        : `${field} is not one of the choices.`;
    case 'unrecognized_keys':
      return `Unknown field${iss.keys.length === 1 ? '' : 's'}: ${iss.keys
        .slice(0, 5)
        .map((k) => k.slice(0, 40))
        .join(', ')}.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${iss.divisor}.`;
    default:
      return `${field} is not valid.`;
  }
}
