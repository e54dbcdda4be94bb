/**
 * Upload rules: which files each form takes, how large and how many, and what the
 * user is told when a file does not fit. The browser checks a picked file with
 * `uploadProblem` before sending it (quick feedback, from the declared type); the
 * server checks the bytes themselves (server/storage) and sizes each upload
 * route's body limit with `uploadBodyLimit`. Sizes come from LIMITS (spec §9).
 */
import { LIMITS } from './limits';
import { MSG } from './messages';

/** Raster images we keep (re-encoded to WebP on the server). SVG is text that can carry script: never. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const PDF_TYPE = 'application/pdf';

export type UploadRule = {
  /** Accepted MIME types (the browser's `accept`; the server decides by content). */
  types: readonly string[];
  /** The largest accepted file, in bytes. */
  maxBytes: number;
  /** How many files one request may carry. */
  maxFiles: number;
  invalidMessage: string;
  tooLargeMessage: string;
};

export const UPLOADS = {
  /** Not in the spec: the profile photo it implies. */
  profilePhoto: {
    types: IMAGE_TYPES,
    maxBytes: LIMITS.profilePhotoBytes,
    maxFiles: 1,
    invalidMessage: MSG.profile.photoInvalid,
    tooLargeMessage: MSG.profile.photoTooLarge,
  },
  /** Spec §5 create project: a logo and a banner. */
  projectImage: {
    types: IMAGE_TYPES,
    maxBytes: LIMITS.projectImageBytes,
    maxFiles: 2,
    invalidMessage: MSG.project.imageInvalid,
    tooLargeMessage: MSG.project.imageTooLarge,
  },
  /** Spec §5 bounty application: up to 5 images, each under 5 MB (so 5 MB itself is refused). */
  bountyImage: {
    types: IMAGE_TYPES,
    maxBytes: LIMITS.bountyImageBytes - 1,
    maxFiles: LIMITS.bountyImagesMax,
    invalidMessage: MSG.bounty.imageInvalid,
    tooLargeMessage: MSG.bounty.imageSize,
  },
  /** Spec §5 contribution: one file, an image or a PDF, 20 MB at most. */
  contributionFile: {
    types: [...IMAGE_TYPES, PDF_TYPE],
    maxBytes: LIMITS.contributionFileBytes,
    maxFiles: 1,
    invalidMessage: MSG.contribution.fileType,
    tooLargeMessage: MSG.contribution.fileTooLarge,
  },
} as const satisfies Record<string, UploadRule>;

/**
 * The size to make a project's images: as the project card shows them (project-card.tsx: the
 * banner fills a 2:1 box, cropped from the centre; the logo a square tile), at the largest the
 * server keeps (it scales each down to fit within `width` × `height`).
 */
export const PROJECT_IMAGE_SIZE = {
  banner: { width: 1600, height: 800, ratio: '2:1' },
  logo: { width: 512, height: 512, ratio: 'square' },
} as const;

/** The message for a file the rule refuses, judged by its declared type and size; null when it fits. */
export function uploadProblem(file: { type: string; size: number }, rule: UploadRule): string | null {
  if (!rule.types.includes(file.type)) return rule.invalidMessage;
  if (file.size > rule.maxBytes) return rule.tooLargeMessage;
  return null;
}

/** The `accept` attribute of a file input for the rule. */
export const acceptOf = (rule: UploadRule) => rule.types.join(',');

/** "5 MB": a rule's size limit as forms and hints show it. */
export const megabytesOf = (rule: UploadRule) => `${Math.round(rule.maxBytes / (1024 * 1024))} MB`;

/** Room for the multipart envelope (boundaries, headers, text fields) around the files. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/** The largest request body an upload route reads before answering 413. */
export const uploadBodyLimit = (rule: UploadRule) => rule.maxFiles * rule.maxBytes + MULTIPART_ENVELOPE_BYTES;
