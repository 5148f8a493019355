// The panels' calls: one query per call and period, shared by the panels reading the same answer (Selected Programs
// and Average Payout Amount per Program read one). Suspending, so each panel's Suspense shows its skeleton and its
// error boundary its fallback; a failure is shown in the panel, not by the panel-wide server alert.
import { useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../core/api.ts';

type QueryValue = string | number | undefined;

export function usePanelData<T>(path: string, query: Record<string, QueryValue> = {}): T {
  return useSuspenseQuery({
    queryKey: ['dashboard', path, query],
    queryFn: ({ signal }) => api.get<T>(path, { query, signal, failsInPlace: true }),
    // Figures of a period change while it runs: read again after a minute, not on every visit.
    staleTime: 60_000,
  }).data;
}
