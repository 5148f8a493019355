// The part of a details row read when it opens (rowDetails.load): the row's item, its array fields as small tables
// (a payout's status history). In the extras chunk: only tables with such details carry it.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../core/api.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { resolveCall, type RecordList } from '../descriptors.ts';
import { RecordListView } from '../record/RecordView.tsx';
import type { Row } from './format.ts';

export interface LoadedDetailsProps {
  load: string;
  lists: readonly RecordList[];
  row: Row;
}

export function LoadedDetails({ load, lists, row }: LoadedDetailsProps) {
  const { t } = useTranslation();
  const id = useId();
  const path = resolveCall(load, row).path;
  const item = useQuery({ queryKey: ['record', path], queryFn: ({ signal }) => api.get<Row>(path, { signal }) });
  if (item.isError) return <p className="muted">{t('form:loadFailed')}</p>;
  if (!item.data) {
    return (
      <span className="data-table-loading" role="status">
        <Spinner small />
        <span className="visually-hidden">{t('common.loading')}</span>
      </span>
    );
  }
  return (
    <>
      {lists.map((list, index) => (
        <RecordListView key={list.field} list={list} columns={list.columns} data={item.data} headingId={`${id}-${index}`} />
      ))}
    </>
  );
}
