import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { dropZoneClass, PickPrompt } from '@/client/components/image-drop';
import { Optional } from '@/client/components/optional';
import { cn } from '@/client/lib/cn';
import { formatBytes } from '@/client/lib/format';
import { MSG } from '@/shared/messages';
import { acceptOf, megabytesOf, PROJECT_IMAGE_SIZE, UPLOADS } from '@/shared/uploads';
import { checkImage } from './image-check';

/** A local preview URL for the file, revoked when the file changes or the picker unmounts. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/**
 * An optional image with its preview. The native file input stays in the page
 * (visually hidden, keyboard-focusable, tied to its label), with the size to make the
 * image. A picked file is checked at once by its bytes; a refused one is never kept (the
 * form can't send it) and the reason shows under this picker.
 */
export function ImagePicker({
  label,
  shape,
  file,
  onChange,
  disabled,
}: {
  label: string;
  /** banner: wide 2:1 preview; logo: square. */
  shape: 'banner' | 'logo';
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const preview = usePreview(file);
  const [error, setError] = useState<string | null>(null);
  // The latest pick wins when an earlier one's check answers after it.
  const pick = useRef(0);
  const hintId = `${id}-hint`;
  const sizeId = `${id}-size`;
  const errorId = `${id}-error`;

  return (
    <div className="grid content-start gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg-soft">
        <Optional>{label}</Optional>
      </label>
      <div
        className={dropZoneClass(
          !!error,
          cn('group overflow-hidden', shape === 'banner' ? 'aspect-[2/1]' : 'aspect-square w-full max-w-48'),
        )}
      >
        {preview ? (
          <img
            src={preview}
            alt={`${label} preview`}
            className={cn('size-full', shape === 'banner' ? 'object-cover' : 'object-contain p-2')}
          />
        ) : (
          <div className="grid size-full place-items-center p-3 text-center">
            <PickPrompt label="Choose image" className="group-hover:text-fg-soft" />
          </div>
        )}
        <input
          id={id}
          type="file"
          accept={acceptOf(UPLOADS.projectImage)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, sizeId, error ? errorId : null].filter(Boolean).join(' ')}
          className="absolute inset-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            // Let the same file be picked again after a removal.
            e.target.value = '';
            if (!picked) return;
            const n = ++pick.current;
            void checkImage(picked).then((problem) => {
              if (n !== pick.current) return;
              setError(problem);
              if (!problem) onChange(picked);
            });
          }}
        />
      </div>
      <div className="flex min-h-6 items-center justify-between gap-2">
        <p id={hintId} className="min-w-0 truncate text-xs text-muted">
          {file
            ? `${file.name} · ${formatBytes(file.size)}`
            : `JPEG, PNG, WebP, GIF or AVIF, up to ${megabytesOf(UPLOADS.projectImage)}`}
        </p>
        {file ? (
          <button
            type="button"
            onClick={() => {
              setError(null);
              onChange(null);
            }}
            disabled={disabled}
            className="-my-2.5 -mr-2 inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-muted hover:text-declined focus-visible:outline-2 focus-visible:outline-accent-to disabled:opacity-50"
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
            Remove<span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      <p id={sizeId} className="-mt-1 text-xs leading-5 text-subtle">
        {MSG.project.imageSizeHint(PROJECT_IMAGE_SIZE[shape])}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-declined">
          {error}
        </p>
      ) : null}
    </div>
  );
}
