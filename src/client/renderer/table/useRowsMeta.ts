// The table's meta, which every cell reads: the format context, the texts of the table's own controls and the row
// actions' labels (translated once per table, not once per row), what running an action does, the ids of the details
// rows and the open actions menu. A new meta (texts arrived, another language) renders the rows again.
import { useId, useMemo } from 'react';
import type { Action, Column, RowDetails } from '../descriptors.ts';
import { namespacesOf, useFormatContext } from './CellValue.tsx';
import type { Row } from './format.ts';
import type { RowMenuState, RowsLabels, RowsTableMeta } from './rowsFeatures.ts';

interface RowsMetaInput {
  columns: readonly Column[];
  details?: RowDetails;
  rowActions: Action[];
  record?: Row;
  onRunAction: (action: Action, row: Row) => void;
}

export function useRowsMeta({ columns, details, rowActions, record, onRunAction }: RowsMetaInput, menu: RowMenuState): RowsTableMeta {
  const namespaces = useMemo(
    () =>
      namespacesOf([
        'table:table',
        ...[...columns, ...(details?.columns ?? [])].flatMap((column) => [column.title, column.labels]),
        ...rowActions.map((action) => action.label),
      ]),
    [columns, details, rowActions],
  );
  const format = useFormatContext(namespaces, record);
  const { t } = format;
  const idPrefix = useId();

  const actions = useMemo(() => rowActions.map((action) => ({ action, label: t(action.label) })), [rowActions, t]);
  const labels = useMemo<RowsLabels>(
    () => ({
      details: t('table:table.details'),
      toggleDetails: t('table:table.toggleDetails'),
      selectRow: t('table:bulk.selectRow'),
      selectPage: t('table:bulk.selectPage'),
      actions: t('table:table.actions'),
    }),
    [t],
  );
  return useMemo<RowsTableMeta>(
    () => ({ format, labels, actions, onRun: onRunAction, detailsIdOf: (id) => `${idPrefix}-details-${id}`, menu }),
    [format, labels, actions, onRunAction, idPrefix, menu],
  );
}
