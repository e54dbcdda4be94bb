import { UPLOADS, uploadProblem } from '@/shared/uploads';

/** The message for a file the server would refuse (shared/uploads.ts), or null when it looks fine. */
export function checkImage(file: File): string | null {
  return uploadProblem(file, UPLOADS.projectImage);
}
