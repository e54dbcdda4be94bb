import { describe, expect, it } from 'vitest';
import { MSG } from '@/shared/messages';
import { UPLOADS } from '@/shared/uploads';
import { checkImage } from './image-check';

const IMAGE_MAX_BYTES = UPLOADS.projectImage.maxBytes;

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });

describe('project image check before upload', () => {
  it('accepts the raster formats the server keeps', () => {
    for (const t of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']) {
      expect(checkImage(file(t, 10))).toBeNull();
    }
  });
  it('refuses SVG and non-images', () => {
    expect(checkImage(file('image/svg+xml', 10))).toBe(MSG.project.imageInvalid);
    expect(checkImage(file('text/plain', 10))).toBe(MSG.project.imageInvalid);
    expect(checkImage(file('', 10))).toBe(MSG.project.imageInvalid);
  });
  it('refuses files over 5 MB', () => {
    expect(checkImage(file('image/png', IMAGE_MAX_BYTES))).toBeNull();
    expect(checkImage(file('image/png', IMAGE_MAX_BYTES + 1))).toBe(MSG.project.imageTooLarge);
  });
});
