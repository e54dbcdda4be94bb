import type { paths } from '@generated/openapi';
import { Download } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { MSG } from '@/shared/messages';
import { buttonVariants } from './ui/button';

type ExportPath = Extract<keyof paths, `/admin/exports/${string}`>;
type ExportQuery<P extends ExportPath> = NonNullable<paths[P]['get']['parameters']['query']>;

/** The URL of a CSV export with the screen's filters (paths and filters typed from the API's contract). */
export function exportHref<P extends ExportPath>(path: P, query?: ExportQuery<P>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/**
 * "Download CSV" on an admin screen: a plain link the browser downloads (the
 * server streams the file, so it never passes through this page's memory).
 */
export function DownloadCsv<P extends ExportPath>({
  path,
  query,
  className,
  label = MSG.admin.downloadCsv,
}: {
  path: P;
  query?: ExportQuery<P>;
  className?: string;
  /** What the file holds, where one screen offers more than one. */
  label?: string;
}) {
  return (
    <a
      href={exportHref(path, query)}
      download
      className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), className)}
      data-testid="download-csv"
    >
      <Download aria-hidden="true" />
      {label}
    </a>
  );
}
