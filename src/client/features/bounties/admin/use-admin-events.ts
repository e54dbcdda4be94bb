import { type StreamStatus, useEventStream } from '@/client/lib/use-event-stream';

export type { StreamStatus };

export const ADMIN_EVENTS_URL = '/api/admin/events';

/** Follows the admin event stream (lib/use-event-stream.ts): `onEvent` for each event of `topic`. */
export function useAdminEvents(
  topic: string,
  onEvent: (data: unknown) => void,
  onReady: () => void,
): StreamStatus {
  return useEventStream(ADMIN_EVENTS_URL, topic, onEvent, onReady);
}
