// What a list's body shows instead of rows: a period too long to ask for, a list refused or failed, or the spinner
// until the first answer. A plain function: the table shows rows when it gives null.
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { ApiError } from '../../core/apiError.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { TableScreen } from '../descriptors.ts';
import { TableFailure } from './TableErrorBoundary.tsx';
import type { useListData } from './useListData.ts';

export function listPlaceholder(t: TFunction, period: TableScreen['period'], tooLong: boolean, list: ReturnType<typeof useListData>): ReactNode {
  if (tooLong && period) {
    return (
      <div className="notice notice-warning" role="alert">
        {t(period.message)}
      </div>
    );
  }
  if (list.isError) {
    return list.error instanceof ApiError && list.error.status === 403 ? (
      <div className="notice notice-warning" role="alert">
        {t('access.refused')}
      </div>
    ) : (
      <TableFailure />
    );
  }
  if (!list.data) {
    return (
      <span className="data-table-loading" role="status">
        <Spinner />
        <span className="visually-hidden">{t('table:table.loading')}</span>
      </span>
    );
  }
  return null;
}
