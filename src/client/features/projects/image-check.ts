import { MSG } from '../../../shared/messages';

/** What the server accepts (it checks the bytes again, re-encodes, and refuses SVG). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The message for a file the server would refuse, or null when it looks fine. */
export function checkImage(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.project.imageInvalid;
  if (file.size > IMAGE_MAX_BYTES) return MSG.project.imageTooLarge;
  return null;
}
