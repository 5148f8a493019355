// The app's start, loaded by main.ts beside the first screen's code: the query cache gets the start-up answers
// (the user, a list's first rows) under the keys the screens ask, and React renders the first screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { App, createAppRouter } from './App.tsx';
import type { ServiceState } from './core/boot.ts';
import { i18n } from './core/i18n.ts';
import { createQueryClient } from './core/queryClient.ts';
import { meQueryKey } from './core/sessionPaths.ts';
import type { Me } from './core/types.ts';
import type { listQueryOptions } from './renderer/table/listRequest.ts';

// react-i18next's useTranslation reads the panel's instance (the entry, free of React, made and loaded it).
initReactI18next.init(i18n);

/** A list request main.ts sent before the query cache existed: its query and the answer under way. */
export interface EarlyList {
  options: ReturnType<typeof listQueryOptions>;
  rows: ReturnType<ReturnType<typeof listQueryOptions>['queryFn']>;
}

export interface StartState {
  serviceState: ServiceState;
  token: string | null;
  me: Me | undefined;
  lists: readonly EarlyList[];
}

export function startApp({ serviceState, token, me, lists }: StartState): void {
  const queryClient = createQueryClient();
  // The session's query for this token, answered already: it is not asked for twice.
  if (token && me) queryClient.setQueryData([...meQueryKey, token], me);
  // The screen finds its rows under way or in (a failed request is asked again when the screen mounts).
  for (const { options, rows } of lists) void queryClient.prefetchQuery({ ...options, queryFn: () => rows });
  // Made before React renders: the first address's preload finds main.ts's work done (the same chunks, these cache
  // entries), so the first render shows the screen rather than a fallback.
  const router = createAppRouter(queryClient);
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} serviceState={serviceState} />
    </StrictMode>,
  );
}
