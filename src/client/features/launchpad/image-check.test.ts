import { describe, expect, it } from 'vitest';
import { MSG } from '@/shared/messages';
import { UPLOADS } from '@/shared/uploads';
import { checkImage } from './image-check';

const IMAGE_MAX_BYTES = UPLOADS.projectImage.maxBytes;

const bytes = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** Each format's first bytes, padded with zeros to `size`. */
const HEADS: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/webp': [...bytes('RIFF'), 0, 0, 0, 0, ...bytes('WEBP')],
  'image/gif': bytes('GIF89a'),
  'image/avif': [0, 0, 0, 0x1c, ...bytes('ftypavif')],
};
const file = (head: number[], size: number, type = 'image/png') => {
  const body = new Uint8Array(size);
  body.set(head.slice(0, size));
  return new File([body], 'x.png', { type });
};

describe('project image check when picked', () => {
  it('accepts the raster formats the server keeps, by their bytes', async () => {
    for (const head of Object.values(HEADS)) expect(await checkImage(file(head, 64))).toBeNull();
    // Whatever the browser declared: the bytes decide, as on the server.
    expect(await checkImage(file(HEADS['image/jpeg']!, 64, ''))).toBeNull();
  });
  it('refuses SVG and non-images, even named and typed as a PNG', async () => {
    expect(await checkImage(file(bytes('<svg xmlns="http://www.w3.org/2000/svg">'), 64))).toBe(
      MSG.project.imageInvalid,
    );
    expect(await checkImage(file(bytes('just some text\n'), 15, 'image/png'))).toBe(MSG.project.imageInvalid);
    expect(await checkImage(file([], 0))).toBe(MSG.project.imageInvalid);
  });
  it('refuses files over 5 MB', async () => {
    expect(await checkImage(file(HEADS['image/png']!, IMAGE_MAX_BYTES))).toBeNull();
    expect(await checkImage(file(HEADS['image/png']!, IMAGE_MAX_BYTES + 1))).toBe(MSG.project.imageTooLarge);
  });
});
