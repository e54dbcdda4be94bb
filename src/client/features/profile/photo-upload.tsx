import { Camera } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Avatar } from '@/client/components/avatar';
import { Button } from '@/client/components/ui/button';
import { ProgressBar } from '@/client/components/ui/progress-bar';
import { errorMessage } from '@/client/lib/api';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import type { Me } from '@/shared/schemas/account';
import { acceptOf, UPLOADS, uploadProblem } from '@/shared/uploads';
import { uploadPhoto } from './api';

/** Pure: why a picked file cannot be a profile photo (shared/uploads.ts), or null when it can. */
export function photoProblem(file: { type: string; size: number }): string | null {
  return uploadProblem(file, UPLOADS.profilePhoto);
}

/**
 * The avatar with "Change photo": image files only, checked for size before the
 * upload, progress while it runs, a toast when done. The server checks the
 * content again and re-encodes it.
 */
export function PhotoUpload({ me, onUploaded }: { me: Me; onUploaded: (me: Me) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = progress !== null;

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const user = await uploadPhoto(file, setProgress);
      onUploaded(user);
      toast.success(MSG.profile.photoUpdated);
    } catch (err) {
      const message = errorMessage(err, MSG.profile.failed);
      setError(message); // said under the photo, not again in a toast
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const pct = Math.round((progress ?? 0) * 100);
  return (
    // One width beside the name whatever it says: an error wraps under the photo, not widen the column.
    <div className="flex flex-col items-center gap-3 sm:w-36 sm:shrink-0 sm:items-start">
      <div className="relative">
        <Avatar seed={me.uid} photoURL={me.photoURL} size={96} className="ring-2 ring-accent-from/40" />
        {uploading ? (
          <>
            <span className="absolute inset-0 grid place-items-center rounded-full bg-ink/70 text-sm font-semibold tabular-nums text-fg">
              {pct}%
            </span>
            <ProgressBar
              value={pct}
              label="Photo upload"
              className="absolute inset-x-2 -bottom-2 h-1.5 ring-2 ring-surface"
            />
          </>
        ) : null}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={acceptOf(UPLOADS.profilePhoto)}
        className="sr-only"
        tabIndex={-1}
        aria-label="Profile photo"
        onChange={(e) => void onPick(e.currentTarget.files?.[0])}
      />
      <Button
        variant="secondary"
        size="sm"
        className="h-11 sm:h-9"
        pending={uploading}
        onClick={() => inputRef.current?.click()}
      >
        {uploading ? null : <Camera aria-hidden="true" />}
        {uploading ? 'Uploading…' : 'Change photo'}
      </Button>
      {error ? (
        <p
          role="alert"
          className="max-w-56 text-center text-xs font-medium text-declined sm:max-w-none sm:text-left"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
