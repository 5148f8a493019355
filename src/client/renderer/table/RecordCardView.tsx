// The card holding the record a list belongs to (RecordCard.tsx reads it): its error, the record view once read, or a
// spinner meanwhile. In the chunk of what only some tables have (extras.tsx), which a table with a record preloads.
import type { TFunction } from 'i18next';
import { ApiError } from '../../core/apiError.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { Column } from '../descriptors.ts';
import { RecordView } from '../record/RecordView.tsx';
import type { useTableRecord } from './RecordCard.tsx';

export interface RecordCardProps {
  record: ReturnType<typeof useTableRecord>;
  columns: Column[];
  label: string;
  t: TFunction;
}

export function RecordCardView({ record, columns, label, t }: RecordCardProps) {
  return (
    <div className="card table-record">
      {record.isError ? (
        <div className="notice notice-error" role="alert">
          {record.error instanceof ApiError && record.error.code ? errorMessage(t, record.error.code, record.error.message) : t('form:loadFailed')}
        </div>
      ) : record.data ? (
        <RecordView columns={columns} data={record.data} label={label} />
      ) : (
        <span className="data-table-loading" role="status">
          <Spinner />
          <span className="visually-hidden">{t('common.loading')}</span>
        </span>
      )}
    </div>
  );
}
