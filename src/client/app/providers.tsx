import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, useEffect } from 'react';
import { LazyPart } from '../components/lazy-part';
import { configQueryOptions } from '../lib/config';

// The configured toaster (and its icons) loads on demand, out of the first route's bundle.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: true, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

/** Loads analytics once /api/config says a measurement id is set. */
function Analytics() {
  const { data } = useQuery(configQueryOptions);
  const id = data?.analyticsMeasurementId;
  // Loaded only when configured: most installs never fetch it.
  useEffect(() => {
    if (id) void import('../lib/analytics').then((m) => m.loadAnalytics(id));
  }, [id]);
  return null;
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Analytics />
      {/* Without its code (offline, a new deploy) there are no toasts, and the app goes on. */}
      <LazyPart placeholder={null} failed={null}>
        <Toaster />
      </LazyPart>
    </QueryClientProvider>
  );
}
