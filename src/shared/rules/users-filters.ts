/**
 * The users console's filters as a link carries them (/admin/users?role=startup&sort=xp):
 * the values GET /admin/users takes (schemas/users-admin.ts, checked against it in the unit
 * test), read by the page from its URL (link-filters.ts). The sort is always named, as the
 * page's first request and the data the served page preloads name it.
 */
import { ROLE_FILTERS, USER_STATUSES } from '../lists';
import { linkFilters } from './link-filters';

export const USERS_FILTER_KEYS = ['q', 'role', 'status', 'verified', 'disabled', 'reviewer', 'sort'] as const;
export type UsersFilterKey = (typeof USERS_FILTER_KEYS)[number];

/** The longest search the console takes: the start of a name or of an e-mail address. */
export const USERS_SEARCH_MAX = 120;
export const USERS_SORTS = ['joined', 'xp'] as const;
export type UsersSort = (typeof USERS_SORTS)[number];

const oneOf =
  (choices: readonly string[]) =>
  (v: string): boolean =>
    choices.includes(v);
const yesNo = oneOf(['yes', 'no']);

const accepts: Record<UsersFilterKey, (v: string) => boolean> = {
  q: (v) => v.length <= USERS_SEARCH_MAX,
  role: oneOf(ROLE_FILTERS),
  status: oneOf(USER_STATUSES),
  verified: yesNo,
  disabled: yesNo,
  reviewer: yesNo,
  sort: oneOf(USERS_SORTS),
};

export type UsersLinkFilters = { [K in UsersFilterKey]?: string } & { sort: UsersSort };

/** The filters a link names (sort 'joined' unless it names another), and the keys set aside. */
export function usersFiltersFrom(read: (key: UsersFilterKey) => string | null): {
  filters: UsersLinkFilters;
  ignored: UsersFilterKey[];
} {
  const { filters, ignored } = linkFilters(USERS_FILTER_KEYS, accepts, read);
  return { filters: { ...filters, sort: (filters.sort as UsersSort | undefined) ?? 'joined' }, ignored };
}
