/**
 * Uploaded files are judged by their bytes, never their name or declared type.
 * Images are always re-encoded: what we store is a fresh WebP made by sharp, with
 * no metadata and nothing appended (polyglot files lose their payload here). A PDF,
 * where the rule accepts one, is kept as it came (served as a download).
 */
import { fileTypeFromBuffer } from 'file-type';
import type Sharp from 'sharp';
import { IMAGE_TYPES, PDF_TYPE, type UploadRule } from '@/shared/uploads';
import { ApiError } from '../lib/errors';
import { encodeInTurn } from './image-gate';

let codec: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on first use rather than at start (its native library takes a noticeable
 * part of a start-up); the server warms it as soon as it listens (boot's warmUp), so a
 * broken install is logged at once rather than at the first upload.
 */
export function loadImageCodec(): Promise<typeof Sharp> {
  codec ??= import('sharp').then((m) => m.default);
  return codec;
}

const RASTER = new Set<string>(IMAGE_TYPES);

export type PreparedFile = {
  buffer: Buffer;
  contentType: 'image/webp' | typeof PDF_TYPE;
  ext: 'webp' | 'pdf';
};

/** Checks one file against its rule and returns what to store: a re-encoded image or the PDF as is. */
export async function prepareUpload(
  input: Buffer,
  rule: UploadRule,
  maxDimension: number,
): Promise<PreparedFile> {
  if (input.byteLength === 0) throw new ApiError(400, 'INVALID_IMAGE', rule.invalidMessage);
  if (input.byteLength > rule.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE', rule.tooLargeMessage);
  const type = await fileTypeFromBuffer(input);
  if (type?.mime === PDF_TYPE && rule.types.includes(PDF_TYPE))
    return { buffer: input, contentType: PDF_TYPE, ext: 'pdf' };
  // SVG is text (and can carry script); file-type does not report it, and we refuse it anyway.
  if (!type || !RASTER.has(type.mime) || !rule.types.includes(type.mime))
    throw new ApiError(400, 'INVALID_IMAGE', rule.invalidMessage);
  // Outside the try: a codec that cannot load is our failure (500, logged), not a bad image.
  const sharp = await loadImageCodec();
  // In turn with the process's other re-encodes (image-gate.ts): a full queue is a 503 of its own.
  const data = await encodeInTurn(async () => {
    try {
      const img = sharp(input, { limitInputPixels: 40_000_000, animated: false, failOn: 'error' });
      const meta = await img.metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
      return await img
        .rotate()
        .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new ApiError(400, 'INVALID_IMAGE', rule.invalidMessage);
    }
  });
  return { buffer: data, contentType: 'image/webp', ext: 'webp' };
}
