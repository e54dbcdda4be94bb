import { SNIFF_BYTES, sniffImageType } from '@/shared/image-sniff';
import { UPLOADS } from '@/shared/uploads';

/**
 * The message for a file the server would refuse, or null when it fits: an image by its first
 * bytes (as the server judges it, not by name or declared type), within the size limit.
 */
export async function checkImage(file: Blob): Promise<string | null> {
  const rule = UPLOADS.projectImage;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!sniffImageType(head)) return rule.invalidMessage;
  if (file.size > rule.maxBytes) return rule.tooLargeMessage;
  return null;
}
