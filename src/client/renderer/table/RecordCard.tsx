// The record a list belongs to, above it (an account above its statement): read from the descriptor's `record.api`
// with the route's parameters, and shown in its card (RecordCardView.tsx), which loads with what only some tables
// have (extras.tsx).
import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/api.ts';
import { resolveCall, type TableScreen } from '../descriptors.ts';
import type { Row } from './format.ts';
import { RecordCardView } from './lazyParts.ts';
import type { RecordCardProps } from './RecordCardView.tsx';

export function useTableRecord(descriptor: TableScreen['record'], params: Row) {
  const path = descriptor ? resolveCall(descriptor.api, params).path : undefined;
  return useQuery({
    queryKey: ['record', path],
    queryFn: ({ signal }) => api.get<Row>(path!, { signal }),
    enabled: path !== undefined,
  });
}

export function RecordCard(props: RecordCardProps) {
  return (
    <Suspense fallback={<div className="card table-record" />}>
      <RecordCardView {...props} />
    </Suspense>
  );
}
