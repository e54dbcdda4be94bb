import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, ok } from '@/client/lib/api';
import type { UiCallbacks } from '@/client/lib/mutation';
import type { MailQueueView } from '@/shared/schemas/mail';

/** Query keys of the mail queue. */
export const mailKeys = {
  queue: ['admin', 'mail'] as const,
};

/** How much mail is waiting, and the mail that failed after every retry. */
export const mailQueueQuery = queryOptions({
  queryKey: mailKeys.queue,
  queryFn: ({ signal }): Promise<MailQueueView> => ok(client.GET('/admin/mail', { signal })),
  staleTime: 5_000,
});

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
