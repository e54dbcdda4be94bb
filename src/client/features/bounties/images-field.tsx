import { X } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { dropZoneClass, PickPrompt } from '@/client/components/image-drop';
import { Optional } from '@/client/components/optional';
import { formatBytes } from '@/client/lib/format';
import { MSG } from '@/shared/messages';
import { acceptOf, megabytesOf, UPLOADS, uploadProblem } from '@/shared/uploads';

/**
 * Adds picked files to the list, keeping only acceptable ones. Returns the new
 * list and the first problem met (spec §5: up to 5 images, each under 5MB).
 */
export function addImages(current: File[], picked: File[]): { files: File[]; error: string | null } {
  let error: string | null = null;
  const files = [...current];
  for (const f of picked) {
    const problem = uploadProblem(f, UPLOADS.bountyImage);
    if (problem) {
      error ??= problem;
      continue;
    }
    if (files.length >= UPLOADS.bountyImage.maxFiles) {
      error ??= MSG.bounty.imagesMax;
      continue;
    }
    files.push(f);
  }
  return { files, error };
}

/** A stable key per picked file (two picks of one file are two entries). */
const fileKeys = new WeakMap<File, string>();
let nextKey = 0;
function keyOf(file: File): string {
  let k = fileKeys.get(file);
  if (!k) {
    k = `img-${nextKey++}`;
    fileKeys.set(file, k);
  }
  return k;
}

/** Object URLs for previews, revoked when the list changes or the field unmounts. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );
  return urls;
}

/**
 * Up to 5 images with previews, per-file checks and remove buttons. The form owns the
 * message (`error`): a refused pick sets it, any change of the list clears it, and the
 * form replaces it on submit, so it never outlives the file it was about (issue 20).
 */
export function ImagesField({
  id,
  files,
  onChange,
  error,
  onError,
  disabled,
}: {
  id: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** Shown under the field; null when there is none or the form shows another problem. */
  error: string | null;
  onError: (error: string | null) => void;
  disabled?: boolean;
}) {
  const previews = usePreviews(files);
  const setError = onError;
  const full = files.length >= UPLOADS.bountyImage.maxFiles;
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-fg-soft">
          <Optional>Images</Optional>
        </label>
        <span className="text-xs tabular-nums text-muted">
          {files.length}/{UPLOADS.bountyImage.maxFiles}
        </span>
      </div>
      <ul className="grid grid-cols-3 gap-2 sm:gap-3 md:grid-cols-5" aria-label="Chosen images">
        {files.map((f, i) => (
          <li
            key={keyOf(f)}
            className="group relative aspect-square overflow-hidden rounded-xl border border-line bg-ink-2"
          >
            {previews[i] ? (
              <img src={previews[i]} alt={`Preview of ${f.name}`} className="size-full object-cover" />
            ) : null}
            <span className="absolute inset-x-0 bottom-0 truncate bg-ink/80 px-2 py-1 text-[11px] text-fg-soft tabular-nums">
              {formatBytes(f.size)}
            </span>
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                setError(null);
                onChange(files.filter((_, j) => j !== i));
              }}
              className="absolute right-1 top-1 grid size-11 place-items-center rounded-full text-fg focus-visible:outline-2 focus-visible:outline-accent-to disabled:opacity-50"
            >
              <span className="grid size-8 place-items-center rounded-full bg-ink/80 ring-1 ring-line-strong transition-colors group-hover:bg-declined/80">
                <X className="size-4" aria-hidden="true" />
              </span>
              <span className="sr-only">Remove {f.name}</span>
            </button>
          </li>
        ))}
        {full ? null : (
          <li className={dropZoneClass(!!error, 'aspect-square')}>
            <span className="pointer-events-none grid size-full place-items-center p-2 text-center">
              <PickPrompt label="Add images" />
            </span>
            <input
              id={id}
              type="file"
              multiple
              accept={acceptOf(UPLOADS.bountyImage)}
              disabled={disabled}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
              onChange={(e) => {
                const picked = Array.from(e.target.files ?? []);
                e.target.value = ''; // the same file may be picked again after a removal
                if (picked.length === 0) return;
                const next = addImages(files, picked);
                setError(next.error);
                if (next.files.length !== files.length) onChange(next.files);
              }}
            />
          </li>
        )}
      </ul>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Up to {UPLOADS.bountyImage.maxFiles} images (JPEG, PNG, WebP, GIF or AVIF), each under{' '}
        {megabytesOf(UPLOADS.bountyImage)}.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-declined">
          {error}
        </p>
      ) : null}
    </div>
  );
}
