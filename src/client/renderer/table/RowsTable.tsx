// A generated table on TanStack Table: sortable headers, rows that open a details row, row selection for bulk
// actions, an actions cell, and the pagination bar. The server sorts and pages (manual sorting and pagination):
// sorting, pagination and selection are controlled state whose owner (the list's address, the screen) receives
// every change; only the open details rows are kept here, for one view of the list.
// Rendering cost: a page may hold 50 rows of 6 to 8 cells. The columns, the table's meta and its options are
// memoised as TanStack's docs advise, so the row model is built once per page of data; a row is a memoised
// component, so a re-render of the screen (busy flag, filter card) leaves the rows alone; and no cell or row holds
// a hook or is a component of its own.
import { memo, useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import {
  functionalUpdate,
  useTable,
  type ExpandedStateList,
  type OnChangeFn,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type TableOptions,
  type Updater,
  type ExpandedState,
} from '@tanstack/react-table';
import { isInAppClick } from '../../core/inAppClick.ts';
import { useNavigate } from 'react-router-dom';
import type { Action, Column, RowDetails } from '../descriptors.ts';
import { cellClass, cellValue, namespacesOf, useFormatContext } from './CellValue.tsx';
import { tableColumns } from './columns.tsx';
import type { Row } from './format.ts';
import { Pagination } from './Pagination.tsx';
import type { FollowLink } from './RowActions.tsx';
import { isRowClick, render, rowsFeatures, type RowsFeatures, type RowsLabels, type RowsRow, type RowsTableMeta } from './rowsFeatures.ts';
import { openRows } from './tableState.ts';
import { ScrollBox } from '../../ui/ScrollBox.tsx';

const NONE_OPEN: ExpandedStateList = {};
const NO_SELECTION: RowSelectionState = {};

export interface RowsTableProps {
  columns: readonly Column[];
  details?: RowDetails;
  /** One page, as the server sorted it. */
  rows: Row[];
  /** The rows of every page. */
  rowCount: number;
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  /** Row actions the user holds a permission for (`when` is checked per row). */
  rowActions: Action[];
  /** Rows are being fetched for a new address (the old ones stay until then). */
  busy: boolean;
  /** Changes whenever the address does: open details rows belong to one view. */
  viewKey: string;
  onRunAction: (action: Action, row: Row) => void;
  /** Shown in the body instead of rows (loading, failure). */
  placeholder?: ReactNode;
  /** The screen's record, for columns naming `record.<field>` (a statement's currency). */
  record?: Row;
  /** What an empty list says instead of "No records". */
  emptyText?: string;
  /** What a details row with `load` shows below its fields (the loaded item's lists). */
  renderLoaded?: (row: Row) => ReactNode;
  /** Row selection (a table with bulk actions): the chosen rows by id, and its owner's setter. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
}

function rowId(row: Row, index: number): string {
  return row.id === undefined || row.id === null ? String(index) : String(row.id);
}
const canOpen = () => true;
const cannotOpen = () => false;
// Every slice of state is owned outside the table (props, or the open rows here): nothing in the table's own store
// needs to re-render this component.
const noStateSelected = () => null;

interface DataRowProps {
  row: RowsRow;
  /** The table's meta: a new one (texts arrived, another language) renders the row again. */
  meta: RowsTableMeta;
  isOpen: boolean;
  /** Read by the selection cell; a prop so that a change renders the row again. */
  isSelected: boolean;
  details?: RowDetails;
  columnCount: number;
  renderLoaded?: (row: Row) => ReactNode;
}

const DataRow = memo(function DataRow({ row, meta, isOpen, details, columnCount, renderLoaded }: DataRowProps) {
  const openable = row.getCanExpand();
  return (
    <>
      <tr
        className={openable ? (isOpen ? 'data-row is-clickable is-open' : 'data-row is-clickable') : 'data-row'}
        // A click anywhere on a row also opens its details, for the mouse; keyboard and assistive technology use the
        // row's toggle button.
        onClick={openable ? (event) => isRowClick(event) && row.toggleExpanded() : undefined}
      >
        {row.getAllCells().map((cell) => {
          const definition = cell.column.columnDef;
          return (
            <td key={cell.column.id} className={definition.meta?.cellClass}>
              {render(definition.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
      {isOpen && details && (
        <tr id={meta.detailsIdOf(row.id)} className="details-row">
          <td colSpan={columnCount}>
            <dl className="details-list" aria-label={meta.labels.details}>
              {details.columns.map((column) => (
                <div key={column.field} className="details-item">
                  <dt>{meta.format.t(column.title)}</dt>
                  <dd className={cellClass(column)}>{cellValue(column, row.original, meta.format)}</dd>
                </div>
              ))}
            </dl>
            {details.load && renderLoaded?.(row.original)}
          </td>
        </tr>
      )}
    </>
  );
});

export function RowsTable(props: RowsTableProps) {
  const { columns, details, rows, rowCount, sorting, onSortingChange, pagination, onPaginationChange, rowActions, busy, viewKey, onRunAction } = props;
  const { placeholder, record, emptyText, renderLoaded, rowSelection, onRowSelectionChange } = props;
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

  // Open details rows, forgotten when the view (page, order, filters) changes.
  const [open, setOpen] = useState<{ view: string; expanded: ExpandedStateList }>({ view: viewKey, expanded: NONE_OPEN });
  const expanded = open.view === viewKey ? open.expanded : NONE_OPEN;
  const multiple = details?.multiple === true;
  const onExpandedChange = useCallback(
    (updater: Updater<ExpandedState>) =>
      setOpen((current) => {
        const previous = current.view === viewKey ? current.expanded : NONE_OPEN;
        return { view: viewKey, expanded: openRows(previous, functionalUpdate(updater, previous), multiple) };
      }),
    [viewKey, multiple],
  );

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

  // Labels translated once per table, not once per row.
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
  const meta = useMemo<RowsTableMeta>(
    () => ({ format, labels, actions, onRun: onRunAction, onFollow, detailsIdOf: (id) => `${idPrefix}-details-${id}` }),
    [format, labels, actions, onRunAction, onFollow, idPrefix],
  );

  const selectable = Boolean(onRowSelectionChange);
  const hasActions = rowActions.length > 0;
  const definitions = useMemo(
    () => tableColumns(columns, { select: selectable, details: Boolean(details), actions: hasActions }),
    [columns, selectable, details, hasActions],
  );
  const options = useMemo<TableOptions<RowsFeatures, Row>>(
    () => ({
      features: rowsFeatures,
      columns: definitions,
      data: rows,
      getRowId: rowId,
      meta,
      state: { sorting, pagination, expanded, rowSelection: rowSelection ?? NO_SELECTION },
      onSortingChange,
      onPaginationChange,
      onExpandedChange,
      onRowSelectionChange,
      // The server sorts and pages; the table only says what the user asked for.
      manualSorting: true,
      manualPagination: true,
      manualExpanding: true,
      rowCount,
      // A header click sorts ascending first, then toggles; a list is never "unsorted" by a click, nor by two columns.
      sortDescFirst: false,
      enableSortingRemoval: false,
      enableMultiSort: false,
      enableRowSelection: selectable,
      getRowCanExpand: details ? canOpen : cannotOpen,
      // New rows keep what the address and the screen hold; the open rows are forgotten by the view key instead.
      autoResetAll: false,
    }),
    [definitions, rows, meta, sorting, pagination, expanded, rowSelection, onSortingChange, onPaginationChange, onExpandedChange, onRowSelectionChange, rowCount, selectable, details],
  );
  const table = useTable(options, noStateSelected);

  const [headerGroup] = table.getHeaderGroups();
  const pageRows = table.getRowModel().rows;
  const columnCount = definitions.length;

  return (
    <>
      <ScrollBox className="data-table-wrap" labelledBy="page-title">
        <table className={busy ? 'data-table is-busy' : 'data-table'} aria-busy={busy || undefined}>
          <thead>
            <tr>
              {headerGroup.headers.map((header) => {
                const column = header.column;
                const content = render(column.columnDef.header, header.getContext());
                if (!column.getCanSort()) {
                  return (
                    <th key={header.id} scope="col" className={column.columnDef.meta?.headerClass}>
                      {content}
                    </th>
                  );
                }
                const sorted = column.getIsSorted();
                return (
                  <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                    <button type="button" className="sort-button" onClick={column.getToggleSortingHandler()}>
                      <span>{content}</span>
                      <span className={`sort-indicator sort-${sorted || 'none'}`} aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {placeholder ? (
              <tr>
                <td colSpan={columnCount} className="data-table-placeholder">
                  {placeholder}
                </td>
              </tr>
            ) : pageRows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="data-table-empty">
                  {emptyText ? t(emptyText) : t('table:table.noRecords')}
                </td>
              </tr>
            ) : (
              pageRows.map((row) => (
                <DataRow
                  key={row.id}
                  row={row}
                  meta={meta}
                  isOpen={row.getIsExpanded()}
                  isSelected={row.getIsSelected()}
                  details={details}
                  columnCount={columnCount}
                  renderLoaded={renderLoaded}
                />
              ))
            )}
          </tbody>
        </table>
      </ScrollBox>
      {!placeholder && (
        <Pagination
          page={pagination.pageIndex + 1}
          limit={pagination.pageSize}
          numberOfRecords={rowCount}
          onPage={(page) => table.setPageIndex(page - 1)}
          onLimit={(size) => table.setPageSize(size)}
        />
      )}
    </>
  );
}
