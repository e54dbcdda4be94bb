import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { LIMITS } from '@/shared/limits';
import { loadAnalytics } from '../lib/analytics';
import { configQueryOptions } from '../lib/config';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

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
  useEffect(() => loadAnalytics(data?.analyticsMeasurementId), [data?.analyticsMeasurementId]);
  return null;
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Analytics />
      <Suspense fallback={null}>
        <Toaster
          theme="dark"
          position="top-center"
          closeButton
          duration={LIMITS.toastSuccessMs}
          toastOptions={{
            classNames: {
              toast: 'rounded-xl! border-line! bg-surface-2! text-fg! font-sans! shadow-2xl!',
              description: 'text-muted!',
            },
          }}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
