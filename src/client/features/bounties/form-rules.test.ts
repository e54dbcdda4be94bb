import { describe, expect, it } from 'vitest';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { EMPTY_PANEL, toSearch } from './filter-values';
import { addImages } from './images-field';

const png = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('addImages', () => {
  it('keeps images under 5 MB and refuses one of exactly 5 MB (spec: each under 5MB)', () => {
    const ok = png('ok.png', LIMITS.bountyImageBytes - 1);
    const big = png('big.png', LIMITS.bountyImageBytes);
    const r = addImages([], [ok, big]);
    expect(r.files).toEqual([ok]);
    expect(r.error).toBe(MSG.bounty.imageSize);
  });
  it('stops at 5 images with the spec message', () => {
    const four = [1, 2, 3, 4].map((i) => png(`${i}.png`));
    const r = addImages(four, [png('5.png'), png('6.png')]);
    expect(r.files).toHaveLength(LIMITS.bountyImagesMax);
    expect(r.error).toBe(MSG.bounty.imagesMax);
  });
  it('refuses files that are not images the server accepts', () => {
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    const r = addImages([], [svg]);
    expect(r.files).toEqual([]);
    expect(r.error).toBe(MSG.bounty.imageInvalid);
  });
});

describe('toSearch', () => {
  it('is no search at all when the panel is empty', () => {
    expect(toSearch(EMPTY_PANEL, 'UTC')).toEqual({ q: '', from: null, to: null });
  });
  it('turns local dates into the start of the first day and the end of the last, in the zone', () => {
    expect(toSearch({ q: ' usdc ', from: '2026-03-01', to: '2026-03-31' }, 'UTC')).toEqual({
      q: 'usdc',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T23:59:59.999Z',
    });
    const tokyo = toSearch({ q: '', from: '2026-03-01', to: '2026-03-01' }, 'Asia/Tokyo');
    expect(tokyo.from).toBe('2026-02-28T15:00:00.000Z');
    expect(tokyo.to).toBe('2026-03-01T14:59:59.999Z');
  });
});
