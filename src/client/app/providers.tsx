import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Toaster } from 'sonner';
import { LIMITS } from '../../shared/limits';
import { loadAnalytics } from '../lib/analytics';
import { configQueryOptions } from '../lib/config';

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
      <Toaster
        theme="dark"
        position="top-center"
        closeButton
        duration={LIMITS.toastSuccessMs}
        toastOptions={{
          classNames: {
            toast: '!rounded-xl !border-line !bg-surface-2 !text-fg !font-sans !shadow-2xl',
            description: '!text-muted',
          },
        }}
      />
    </QueryClientProvider>
  );
}
