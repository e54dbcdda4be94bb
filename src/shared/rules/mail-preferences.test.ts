import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CATEGORIES } from '../lists';
import { mailCategoriesFor, mailPreferencesOf, optOutOf } from './mail-preferences';

describe('mail preferences', () => {
  it('keeps the categories turned off and answers on/off for each', () => {
    const prefs = mailPreferencesOf(['grants']);
    expect(prefs.grants).toBe(false);
    expect(prefs.contributions).toBe(true);
    expect(optOutOf(prefs)).toEqual(['grants']);
  });

  it('lists a builder no startup-only category, unless they turned it off', () => {
    const all = mailPreferencesOf([]);
    expect(mailCategoriesFor('builder', all)).toEqual(['contributions', 'bounties', 'referrals', 'seasons']);
    expect(mailCategoriesFor('startup', all)).toEqual([...NOTIFICATION_CATEGORIES]);
    // Turned off before a role change: still listed, so it can be turned back on.
    expect(mailCategoriesFor('builder', mailPreferencesOf(['grants']))).toContain('grants');
  });
});
