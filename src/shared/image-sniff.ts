/**
 * Which raster image a file is, told by its first bytes (never its name or declared type),
 * for the formats we keep (IMAGE_TYPES). The browser asks this when a file is picked, so a
 * text file renamed fake.png is refused at once, beside its picker; the server judges the
 * same bytes with file-type (server/storage/images.ts), and server/storage/image-sniff.test.ts
 * holds the two to the same answers.
 */
import type { IMAGE_TYPES } from './uploads';

export type ImageType = (typeof IMAGE_TYPES)[number];

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

const ascii = (head: Uint8Array, at: number, text: string) =>
  head.length >= at + text.length && [...text].every((ch, i) => head[at + i] === ch.charCodeAt(0));

const startsWith = (head: Uint8Array, bytes: readonly number[]) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

/** The image type of a file's first bytes (at least SNIFF_BYTES of them), or null when it is none we keep. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  // An ISO-BMFF box 'ftyp' whose major brand is AVIF (still or sequence), as file-type reads it.
  if (ascii(head, 4, 'ftyp') && (ascii(head, 8, 'avif') || ascii(head, 8, 'avis'))) return 'image/avif';
  return null;
}
