import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { Loading, QueryError } from '@/client/components/query-states';
import { SettingsCard } from '@/client/components/settings-card';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Skeleton } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { errorMessage } from '@/client/lib/api';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import { type Device, devicesQuery, useEndDevice, useSignOutOthers } from './api';

const ICONS: Record<string, typeof Monitor> = { mobile: Smartphone, tablet: Tablet };

function DeviceRow({ d }: { d: Device }) {
  const end = useEndDevice({
    onSuccess: (res) => toast.success(res.message),
    onError: (err) => toast.error(errorMessage(err)),
  });
  const Icon = ICONS[d.deviceType ?? ''] ?? Monitor;
  const name = d.os ? `${d.browser} on ${d.os}` : d.browser;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="device">
      <IconTile icon={Icon} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
          {name}
          {d.current ? <Badge>{MSG.security.thisDevice}</Badge> : null}
        </span>
        <span className="block text-xs text-subtle">
          {d.ip ?? 'IP unknown'} · signed in <When at={d.createdAt} as="dateTime" /> · last seen{' '}
          <When at={d.lastSeenAt} as="relative" />
        </span>
      </span>
      {d.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="h-11 sm:h-9"
          pending={end.isPending}
          aria-label={`${MSG.security.endSession}: ${name}`}
          onClick={() => end.mutate(d.id)}
        >
          {MSG.security.endSession}
        </Button>
      )}
    </li>
  );
}

/** The profile's "Signed-in devices": every session, ended one by one or all but this one. */
export function DevicesCard() {
  const q = useQuery(devicesQuery);
  const others = useSignOutOthers({
    onSuccess: (res) => toast.success(res.message),
    onError: (err) => toast.error(errorMessage(err)),
  });
  const devices = q.data?.devices ?? [];
  return (
    <SettingsCard title={MSG.security.devicesTitle} intro={MSG.security.devicesIntro}>
      {q.isPending ? (
        <Loading label="Loading signed-in devices" count={2} className="mt-4 grid gap-3">
          <Skeleton className="h-12 w-full" />
        </Loading>
      ) : q.error ? (
        <div className="mt-4">
          <QueryError query={q} />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {devices.map((d) => (
            <DeviceRow key={d.id} d={d} />
          ))}
        </ul>
      )}
      {devices.length > 1 ? (
        <Button
          variant="secondary"
          className="mt-4"
          pending={others.isPending}
          onClick={() => others.mutate()}
        >
          <LogOut aria-hidden="true" />
          {MSG.security.endOthers}
        </Button>
      ) : null}
    </SettingsCard>
  );
}
