/**
 * What a page adds to one of its feature's mutations: UI callbacks only (a toast,
 * a navigation, closing a dialog). The mutation hooks live in each feature's
 * api.ts with the request and everything it does to the cache (optimistic
 * updates, writes, invalidations), which runs before these callbacks.
 */
export type UiCallbacks<TData, TVars> = {
  onSuccess?: (data: TData, vars: TVars) => unknown;
  onError?: (error: Error, vars: TVars) => unknown;
  onSettled?: () => unknown;
};
