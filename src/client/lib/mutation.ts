import { useMutation } from '@tanstack/react-query';

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

/**
 * A feature's mutation (in its api.ts): the request, then what it does to the cache
 * (`onSuccess` after a success, `onSettled` after either outcome), then the page's UI
 * callbacks, always in that order. The cache work is started, not awaited: the UI
 * answers at once and the lists refetch behind it.
 */
export function useFeatureMutation<TData, TVars>(
  request: (vars: TVars) => Promise<TData>,
  ui: UiCallbacks<TData, TVars>,
  cache: {
    key?: readonly unknown[];
    onSuccess?: (data: TData, vars: TVars) => void;
    onSettled?: () => void;
  } = {},
) {
  return useMutation({
    mutationKey: cache.key,
    mutationFn: request,
    onSuccess: (data, vars) => {
      cache.onSuccess?.(data, vars);
      return ui.onSuccess?.(data, vars);
    },
    onError: (error, vars) => ui.onError?.(error, vars),
    onSettled: () => {
      cache.onSettled?.();
      return ui.onSettled?.();
    },
  });
}
