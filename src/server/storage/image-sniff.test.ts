import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffImageType } from '@/shared/image-sniff';
import { IMAGE_TYPES } from '@/shared/uploads';

const base = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#a78bfa' } });
const MADE: Record<string, () => Promise<Buffer>> = {
  'image/jpeg': () => base().jpeg().toBuffer(),
  'image/png': () => base().png().toBuffer(),
  'image/webp': () => base().webp().toBuffer(),
  'image/gif': () => base().gif().toBuffer(),
  'image/avif': () => base().avif().toBuffer(),
};

describe('sniffImageType (the browser’s check when a file is picked)', () => {
  it('names each format we keep from its first bytes, as the server’s file-type does', async () => {
    for (const type of IMAGE_TYPES) {
      const buf = await MADE[type]!();
      expect((await fileTypeFromBuffer(buf))?.mime).toBe(type);
      expect(sniffImageType(new Uint8Array(buf.subarray(0, SNIFF_BYTES)))).toBe(type);
    }
  });
  it('refuses what the server refuses: text, SVG, PDF, too few bytes', async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    for (const head of [
      enc('just some text\n'),
      enc('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      enc('%PDF-1.7\n%âãÏÓ\n'),
      new Uint8Array([0xff, 0xd8]),
      new Uint8Array(0),
    ]) {
      expect(sniffImageType(head.subarray(0, SNIFF_BYTES))).toBeNull();
    }
  });
});
