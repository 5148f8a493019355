// The record a list belongs to, above it (an account above its statement): read from the descriptor's `record.api`
// with the route's parameters, and shown as the record view once read.
import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../core/api.ts';
import { ApiError } from '../../core/apiError.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { resolveCall, type Column, type TableScreen } from '../descriptors.ts';
import type { Row } from './format.ts';
import { RecordView } from './lazyParts.ts';

export function useTableRecord(descriptor: TableScreen['record'], params: Row) {
  const path = descriptor ? resolveCall(descriptor.api, params).path : undefined;
  return useQuery({
    queryKey: ['record', path],
    queryFn: ({ signal }) => api.get<Row>(path!, { signal }),
    enabled: path !== undefined,
  });
}

interface RecordCardProps {
  record: ReturnType<typeof useTableRecord>;
  columns: Column[];
  label: string;
  t: TFunction;
}

export function RecordCard({ record, columns, label, t }: RecordCardProps) {
  return (
    <div className="card table-record">
      {record.isError ? (
        <div className="notice notice-error" role="alert">
          {record.error instanceof ApiError && record.error.code ? errorMessage(t, record.error.code, record.error.message) : t('form:loadFailed')}
        </div>
      ) : record.data ? (
        <Suspense fallback={null}>
          <RecordView columns={columns} data={record.data} label={label} />
        </Suspense>
      ) : (
        <span className="data-table-loading" role="status">
          <Spinner />
          <span className="visually-hidden">{t('common.loading')}</span>
        </span>
      )}
    </div>
  );
}
