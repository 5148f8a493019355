import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from './core/router/RouterProvider.tsx';
import type { ServiceState } from './core/boot.ts';
import { ErrorBoundary } from './core/ErrorBoundary.tsx';
import { createQueryClient } from './core/queryClient.ts';
import { TechnicalBreakGate } from './core/TechnicalBreakGate.tsx';
import { readToken } from './core/tokenStore.ts';
import { preloadScreen, type FetchList } from './preload.ts';
import { listQueryOptions } from './renderer/table/listRequest.ts';
import { createRouter } from './router.tsx';

export interface AppProps {
  /** The query cache, when start-up has already put answers into it (start.tsx). */
  queryClient?: QueryClient;
  /** The start-up answer of /api/status, when known. */
  serviceState?: ServiceState;
}

/** A list's request on navigation goes through the cache, which skips it while the rows are fresh. */
function fetchListInto(queryClient: QueryClient): FetchList {
  return ({ listCall, query, order, scope }) => void queryClient.prefetchQuery(listQueryOptions(listCall, query, order, scope));
}

export function App({ queryClient: given, serviceState }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  // On navigation a screen's code and data start when its route matches; only a signed-in user's screens.
  const [router] = useState(() => createRouter((screen, search, pathname) => (readToken() ? preloadScreen(screen, search, fetchListInto(queryClient), pathname) : Promise.resolve())));
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TechnicalBreakGate initial={serviceState}>
          <RouterProvider router={router} />
        </TechnicalBreakGate>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
