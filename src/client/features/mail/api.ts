import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, ok } from '@/client/lib/api';
import type { UiCallbacks } from '@/client/lib/mutation';
import { mailQueueQuery } from '@/client/lib/shared-queries';

/** Query keys of the mail queue (the admin hub's badge reads the same queue: lib/shared-queries.ts). */
export const mailKeys = {
  queue: mailQueueQuery.queryKey,
};

export { mailQueueQuery };

/**
 * "Send again" for one failed mail. The queue is fetched again either way, and the
 * button stays busy until it is (the row it sits on may leave with it).
 */
export function useRetryMail(id: string, ui: UiCallbacks<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => ok(client.POST('/admin/mail/{id}/retry', { params: { path: { id } } })),
    onSuccess: (data, vars) => ui.onSuccess?.(data, vars),
    onError: (err, vars) => ui.onError?.(err, vars),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: mailKeys.queue });
      return ui.onSettled?.();
    },
  });
}
