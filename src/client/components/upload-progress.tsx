import { ProgressBar } from './ui/progress-bar';

/**
 * The progress of an upload with images: a bar from 0 to 100 %, then "Processing
 * images…" while the server re-encodes them (forms that send images).
 */
export function UploadProgress({ fraction }: { fraction: number }) {
  const pct = Math.min(100, Math.round(fraction * 100));
  return (
    <div className="grid gap-2" aria-live="polite">
      <div className="flex items-center justify-between text-xs text-muted">
        <span>{pct >= 100 ? 'Processing images…' : 'Uploading…'}</span>
        <span className="tabular-nums">{pct}%</span>
      </div>
      <ProgressBar value={pct} label="Upload progress" />
    </div>
  );
}
