import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { BOUNTY_FILTERS, Bounty, BountyRequest } from '../../../shared/schemas/bounties';
import { bountySchema } from '../../../shared/schemas/bounties';
import { api } from '../../lib/api';
import { useCachedQuery } from '../../lib/cached-query';
import { uploadWithProgress } from '../../lib/upload';

export type BountyFilter = (typeof BOUNTY_FILTERS)[number];
export type BountyList = { bounties: Bounty[] };

/** Root of every board query key (invalidate it after applying). */
export const BOUNTIES_KEY = ['bounties'] as const;

/** The filter panel's values: reward/title text and a deadline range (ISO instants). */
export type BountySearch = { q: string; from: string | null; to: string | null };
export const NO_SEARCH: BountySearch = { q: '', from: null, to: null };

export function hasSearch(s: BountySearch): boolean {
  return !!s.q.trim() || !!s.from || !!s.to;
}

function boardUrl(filter: BountyFilter, s: BountySearch): string {
  const p = new URLSearchParams({ filter });
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.from) p.set('from', s.from);
  if (s.to) p.set('to', s.to);
  return `/api/bounties?${p.toString()}`;
}

const listSchema = z.object({ bounties: z.array(bountySchema) });

/**
 * The board. The chip filters alone are cache-first (spec §3 store 'bounties', one
 * record per chip): the last list shows at once and the server's answer replaces
 * it. A search or a deadline range is asked of the server directly and not cached,
 * so the store never fills up with one-off searches.
 */
export type BoardView = {
  data: BountyList | undefined;
  /** Nothing to show yet: render skeletons. */
  isLoading: boolean;
  /** Something is shown and a fresh copy is on its way. */
  isRefreshing: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

export function useBounties(filter: BountyFilter, search: BountySearch): BoardView {
  const searching = hasSearch(search);
  const cached = useCachedQuery<BountyList>({
    store: 'bounties',
    key: `list:${filter}`,
    queryKey: [...BOUNTIES_KEY, filter],
    queryFn: ({ signal }) => api.get<BountyList>(boardUrl(filter, NO_SEARCH), signal),
    parse: (data) => {
      const r = listSchema.safeParse(data);
      return r.success ? r.data : undefined;
    },
    staleTime: 15_000,
    enabled: !searching,
  });
  const searched = useQuery({
    queryKey: [...BOUNTIES_KEY, filter, 'search', search],
    queryFn: ({ signal }) => api.get<BountyList>(boardUrl(filter, search), signal),
    enabled: searching,
    staleTime: 15_000,
    placeholderData: (prev) => prev,
  });
  if (!searching) return cached;
  return {
    data: searched.data,
    isLoading: searched.isPending && !searched.isError,
    isRefreshing: searched.isFetching && !searched.isPending,
    error: searched.data ? null : searched.error,
    refetch: searched.refetch,
  };
}

export function applyToBounty(id: string, body: { pitch: string; link?: string }) {
  return api.post<{ ok: true }>(`/api/bounties/${encodeURIComponent(id)}/apply`, body);
}

// ---- the requester's side ----

export type MyBountyRequests = { applications: BountyRequest[]; canApplyAt: string | null };

export const MY_REQUESTS_KEY = ['bounty-applications', 'mine'] as const;

export const myRequestsQuery = queryOptions({
  queryKey: MY_REQUESTS_KEY,
  queryFn: ({ signal }) => api.get<MyBountyRequests>('/api/bounty-applications/mine', signal),
  staleTime: 15_000,
});

export type BountyRequestFields = {
  title: string;
  description: string;
  reward: string;
  deadline: string;
  contactInfo: string;
  resourceLink: string;
  criteria: string[];
  timeZone: string;
};

/**
 * POST /api/bounty-applications as multipart with upload progress. One field name
 * for the images ("images", once per file) and one for the criteria ("criteria",
 * a JSON array): the names the server reads, everywhere.
 */
export function submitBountyRequest(
  fields: BountyRequestFields,
  images: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.set('title', fields.title);
  form.set('description', fields.description);
  form.set('reward', fields.reward);
  form.set('deadline', fields.deadline);
  form.set('contactInfo', fields.contactInfo);
  if (fields.resourceLink.trim()) form.set('resourceLink', fields.resourceLink.trim());
  form.set('criteria', JSON.stringify(fields.criteria));
  form.set('timeZone', fields.timeZone);
  for (const file of images) form.append('images', file, file.name);
  return uploadWithProgress<{ application: BountyRequest }>(
    '/api/bounty-applications',
    form,
    onProgress,
    signal,
  );
}

/** The viewer's IANA time zone (deadlines are local days). */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
