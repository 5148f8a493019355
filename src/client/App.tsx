import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ServiceState } from './core/boot.ts';
import { ErrorBoundary } from './core/ErrorBoundary.tsx';
import { createQueryClient } from './core/queryClient.ts';
import { TechnicalBreakGate } from './core/TechnicalBreakGate.tsx';
import { readToken } from './core/tokenStore.ts';
import { preloadScreen, type FetchList } from './preload.ts';
import { listQueryOptions } from './renderer/table/listRequest.ts';
import { createRouter, PanelRouterView, type PanelRouter } from './router.tsx';

export interface AppProps {
  /** The query cache, when start-up has already put answers into it (start.tsx). */
  queryClient?: QueryClient;
  /** The router, when start-up has already made it (start.tsx), before React renders. */
  router?: PanelRouter;
  /** The start-up answer of /api/status, when known. */
  serviceState?: ServiceState;
}

/** A list's request on navigation goes through the cache, which skips it while the rows are fresh. */
function fetchListInto(queryClient: QueryClient): FetchList {
  return ({ listCall, query, order, scope }) => void queryClient.prefetchQuery(listQueryOptions(listCall, query, order, scope));
}

/** The panel's router: a screen's code and data start when its route matches; only a signed-in user's screens. */
export function createAppRouter(queryClient: QueryClient): PanelRouter {
  return createRouter({ preload: (screen, search, pathname) => (readToken() ? preloadScreen(screen, search, fetchListInto(queryClient), pathname) : Promise.resolve()) });
}

export function App({ queryClient: given, router: givenRouter, serviceState }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => givenRouter ?? createAppRouter(queryClient));
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TechnicalBreakGate initial={serviceState}>
          <PanelRouterView router={router} />
        </TechnicalBreakGate>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
