/**
 * Uploaded images are judged by their bytes, never their name or declared type,
 * and always re-encoded: what we store is a fresh WebP made by sharp, with no
 * metadata and nothing appended (polyglot files lose their payload here).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError } from '../lib/errors';

const RASTER = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export type ProcessedImage = {
  buffer: Buffer;
  contentType: 'image/webp';
  ext: 'webp';
  width: number;
  height: number;
};

export async function processImage(
  input: Buffer,
  opts: { maxBytes: number; maxDimension: number; tooLargeMessage: string; invalidMessage: string },
): Promise<ProcessedImage> {
  if (input.byteLength === 0) throw new ApiError(400, 'INVALID_IMAGE', opts.invalidMessage);
  if (input.byteLength > opts.maxBytes) throw new ApiError(413, 'FILE_TOO_LARGE', opts.tooLargeMessage);
  const type = await fileTypeFromBuffer(input);
  // SVG is text (and can carry script); file-type does not report it, and we refuse it anyway.
  if (!type || !RASTER.has(type.mime)) throw new ApiError(400, 'INVALID_IMAGE', opts.invalidMessage);
  try {
    const img = sharp(input, { limitInputPixels: 40_000_000, animated: false, failOn: 'error' });
    const meta = await img.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    const { data, info } = await img
      .rotate()
      .resize({
        width: opts.maxDimension,
        height: opts.maxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { buffer: data, contentType: 'image/webp', ext: 'webp', width: info.width, height: info.height };
  } catch {
    throw new ApiError(400, 'INVALID_IMAGE', opts.invalidMessage);
  }
}
