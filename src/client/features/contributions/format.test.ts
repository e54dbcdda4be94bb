import { describe, expect, it } from 'vitest';
import { successRate } from '@/shared/format';
import { formatReviewTime, formatSuccessRate, queueLine, shortLink, typeLabel } from './format';

describe('contribution hub formatting', () => {
  it('shows SR with one decimal, and 0.0% when nothing was submitted', () => {
    expect(formatSuccessRate(successRate(1, 1))).toBe('100.0%');
    expect(formatSuccessRate(successRate(1, 3))).toBe('33.3%');
    expect(formatSuccessRate(successRate(2, 3))).toBe('66.7%');
    expect(formatSuccessRate(successRate(0, 0))).toBe('0.0%');
    expect(formatSuccessRate(Number.NaN)).toBe('0.0%');
  });

  it('says how long reviews usually take', () => {
    expect(formatReviewTime(null)).toBeNull();
    expect(formatReviewTime(0.2)).toBe('under 1 h');
    expect(formatReviewTime(4.6)).toBe('~5 h');
    expect(formatReviewTime(47.4)).toBe('~47 h');
    expect(formatReviewTime(72)).toBe('~3 days');
  });

  it('writes the queue line, with the review time only when known', () => {
    expect(queueLine({ queuePosition: 3, queueDeep: false, typicalReviewHours: 5 })).toBe(
      '#3 in the review queue · reviews usually take ~5 h',
    );
    expect(queueLine({ queuePosition: 1, queueDeep: false, typicalReviewHours: null })).toBe(
      '#1 in the review queue',
    );
    expect(queueLine({ queuePosition: 1000, queueDeep: false, typicalReviewHours: null })).toBe(
      '#1,000 in the review queue',
    );
  });

  it('says a place beyond the exact count as "more than" the items ahead', () => {
    expect(queueLine({ queuePosition: 1001, queueDeep: true, typicalReviewHours: 30 })).toBe(
      'More than 1,000 ahead in the review queue · reviews usually take ~30 h',
    );
  });

  it('shortens links and names types', () => {
    expect(shortLink('https://www.x.com/sysfi/status/42/')).toBe('x.com/sysfi/status/42');
    expect(shortLink('not a url')).toBe('not a url');
    expect(typeLabel('tweet')).toBe('Tweet');
    expect(typeLabel('other')).toBe('other');
  });
});
