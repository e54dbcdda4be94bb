import { isHttpUrl } from '@/shared/links';

/**
 * Links are data, not code: only http(s) URLs and same-origin paths are ever
 * rendered. Anything else (javascript:, data:, protocol-relative) becomes undefined.
 */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\')) return v;
  return isHttpUrl(v) ? v : undefined;
}

/** Attributes every external link carries (principle 5, docs/architecture.md). */
export const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer' } as const;
