import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isValidTimeZone, localDayDiff, startOfLocalDay } from './time-zone';

const iso = (d: Date) => d.toISOString();

describe('startOfLocalDay', () => {
  it('finds local midnight east and west of UTC', () => {
    const t = new Date('2026-03-10T02:30:00Z');
    expect(iso(startOfLocalDay(t, 'UTC'))).toBe('2026-03-10T00:00:00.000Z');
    expect(iso(startOfLocalDay(t, 'Asia/Tokyo'))).toBe('2026-03-09T15:00:00.000Z'); // 11:30 on the 10th in Tokyo
    expect(iso(startOfLocalDay(t, 'America/Los_Angeles'))).toBe('2026-03-09T07:00:00.000Z'); // 19:30 PDT on the 9th
    expect(iso(startOfLocalDay(t, 'Asia/Kolkata'))).toBe('2026-03-09T18:30:00.000Z');
  });
  it('is right on DST change days (New York springs forward on 2026-03-08, falls back on 2026-11-01)', () => {
    expect(iso(startOfLocalDay(new Date('2026-03-08T20:00:00Z'), 'America/New_York'))).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(iso(startOfLocalDay(new Date('2026-03-09T20:00:00Z'), 'America/New_York'))).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(iso(startOfLocalDay(new Date('2026-11-01T20:00:00Z'), 'America/New_York'))).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(iso(startOfLocalDay(new Date('2026-11-02T20:00:00Z'), 'America/New_York'))).toBe(
      '2026-11-02T05:00:00.000Z',
    );
  });
  it('handles a zone whose DST starts at midnight (no 00:00 that day)', () => {
    // Chile moves clocks from 24:00 to 01:00 on the first Sunday of September.
    const start = startOfLocalDay(new Date('2026-09-06T15:00:00Z'), 'America/Santiago');
    expect(start.getTime()).toBeLessThanOrEqual(Date.parse('2026-09-06T15:00:00Z'));
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(start)).toBe(
      '2026-09-06',
    );
  });
  it('the instant just before midnight belongs to the previous day', () => {
    const midnight = startOfLocalDay(new Date('2026-06-15T12:00:00Z'), 'Europe/Berlin');
    expect(iso(midnight)).toBe('2026-06-14T22:00:00.000Z');
    expect(iso(startOfLocalDay(new Date(midnight.getTime() - 1), 'Europe/Berlin'))).toBe(
      '2026-06-13T22:00:00.000Z',
    );
  });
});

describe('time zones and day differences', () => {
  it('validates IANA names', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
  it('canonicalTimeZone: the IANA name the database knows too, never an offset or a legacy name as sent', () => {
    expect(canonicalTimeZone('US/Pacific-New')).toBe('America/Los_Angeles'); // Intl accepts it; PostgreSQL does not
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    expect(canonicalTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    for (const offset of ['-0330', '+05:30', '-03:30']) expect(canonicalTimeZone(offset)).toBeNull();
    expect(canonicalTimeZone('SystemV/AST4')).toBeNull();
    expect(isValidTimeZone('-0330')).toBe(false);
  });
  it('canonicalTimeZone in a browser without Intl.supportedValuesOf: Intl’s name, never an offset', () => {
    const list = Intl.supportedValuesOf;
    (Intl as { supportedValuesOf?: unknown }).supportedValuesOf = undefined;
    try {
      expect(canonicalTimeZone('US/Pacific-New')).toBe('America/Los_Angeles');
      expect(canonicalTimeZone('-0330')).toBeNull();
      expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    } finally {
      Intl.supportedValuesOf = list;
    }
  });
  it('counts calendar days, not 24 h blocks', () => {
    expect(localDayDiff(new Date('2026-01-01T23:59:00Z'), new Date('2026-01-02T00:01:00Z'), 'UTC')).toBe(1);
    expect(localDayDiff(new Date('2026-01-01T00:01:00Z'), new Date('2026-01-01T23:59:00Z'), 'UTC')).toBe(0);
    // 23:30 UTC is already tomorrow in Berlin.
    expect(
      localDayDiff(new Date('2026-01-01T12:00:00Z'), new Date('2026-01-01T23:30:00Z'), 'Europe/Berlin'),
    ).toBe(1);
  });
});
