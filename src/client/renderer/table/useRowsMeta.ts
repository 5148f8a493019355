// The table's meta, which every cell reads: the format context, the texts of the table's own controls and the row
// actions' labels (translated once per table, not once per row), what running an action or following its link does,
// and the ids of the details rows. A new meta (texts arrived, another language) renders the rows again.
import { useCallback, useId, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { isInAppClick } from '../../core/inAppClick.ts';
import type { Action, Column, RowDetails } from '../descriptors.ts';
import { namespacesOf, useFormatContext } from './CellValue.tsx';
import type { Row } from './format.ts';
import type { FollowLink } from './RowActions.tsx';
import type { RowsLabels, RowsTableMeta } from './rowsFeatures.ts';

interface RowsMetaInput {
  columns: readonly Column[];
  details?: RowDetails;
  rowActions: Action[];
  record?: Row;
  onRunAction: (action: Action, row: Row) => void;
}

export function useRowsMeta({ columns, details, rowActions, record, onRunAction }: RowsMetaInput): RowsTableMeta {
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

  // Route actions are plain links with one shared click handler rather than a <Link> (and its hook) per action:
  // on 50 rows every hook counts.
  const navigate = useNavigate();
  const onFollow = useCallback<FollowLink>(
    (to) => ({
      href: to,
      onClick: (event) => {
        // As a <Link>: a plain left click stays in the app; other clicks are the browser's.
        if (!isInAppClick(event)) return;
        event.preventDefault();
        void navigate(to);
      },
    }),
    [navigate],
  );

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
    () => ({ format, labels, actions, onRun: onRunAction, onFollow, detailsIdOf: (id) => `${idPrefix}-details-${id}` }),
    [format, labels, actions, onRunAction, onFollow, idPrefix],
  );
}
