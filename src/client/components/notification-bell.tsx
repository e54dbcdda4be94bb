import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { NAV_MSG } from '@/shared/messages-shell';
import { cn } from '../lib/cn';
import { ME_QUERY_KEY, useSession } from '../lib/session';
import { useEventStream } from '../lib/use-event-stream';

/** Query keys of the inbox pages: refetched when the user's inbox changes. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const MY_EVENTS_URL = '/api/me/events';

/**
 * The top bar's bell (issue 19): the unread count from the session (no request of its own),
 * kept live by the user's event stream: a `notifications` event (a decision, a bonus, a
 * read in another tab, from any server process) refetches the session and the inbox.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { user } = useSession();
  const qc = useQueryClient();
  const on = !!user?.emailVerified;
  const connections = useRef(0);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
  // The first connection needs nothing: the session was just read. A reconnection may have missed events.
  const onReady = () => {
    if (connections.current++ > 0) refresh();
  };
  const stream = useEventStream(on ? MY_EVENTS_URL : null, 'notifications', refresh, onReady);
  if (!on) return null;
  const unread = user.unreadNotifications;
  const label = unread > 0 ? `${NAV_MSG.notifications}: ${unread} unread` : NAV_MSG.notifications;
  return (
    <Link
      to="/inbox"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      data-stream={stream}
      className={cn(
        'relative inline-flex size-11 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg lg:size-9',
        className,
      )}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          data-testid="notification-count"
          className="absolute right-1 top-1 min-w-4.5 rounded-full bg-accent-gradient px-1 text-center text-[11px] font-semibold leading-4.5 text-white tabular-nums"
          aria-hidden="true"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
