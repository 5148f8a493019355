// A generated table on TanStack Table: sortable headers, rows that open a details row, row selection for bulk
// actions, an actions cell, and the pagination bar. The table itself is headless (useRowsTable.ts): this renders it.
// Rendering cost: a page may hold 50 rows of 6 to 8 cells. The columns, the table's meta and its options are
// memoised as TanStack's docs advise, so the row model is built once per page of data; a row is a memoised
// component, so a re-render of the screen (busy flag, filter card) leaves the rows alone; and no cell or row holds
// a hook or is a component of its own.
import { memo, type ReactNode } from 'react';
import type { OnChangeFn, PaginationState, RowSelectionState, SortingState } from '@tanstack/react-table';
import type { Action, Column, RowDetails } from '../descriptors.ts';
import { cellClass, cellValue } from './CellValue.tsx';
import { CLIP_CLASS } from './columns.tsx';
import type { Row } from './format.ts';
import { Pagination } from './Pagination.tsx';
import { isRowClick, render, type RowsHeader, type RowsRow, type RowsTableMeta } from './rowsFeatures.ts';
import { useRowsTable } from './useRowsTable.ts';
import { ScrollBox } from '../../ui/ScrollBox.tsx';

export interface RowsTableProps {
  columns: readonly Column[];
  details?: RowDetails;
  /** One page, as the server sorted it. */
  rows: Row[];
  /** The rows of every page. */
  rowCount: number;
  /** More rows than `rowCount`, which is then a lower bound. */
  rowsCapped?: boolean;
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

interface DataRowProps {
  row: RowsRow;
  /** The table's meta: a new one (texts arrived, another language) renders the row again. */
  meta: RowsTableMeta;
  isOpen: boolean;
  /** Read by the selection cell; a prop so that a change renders the row again. */
  isSelected: boolean;
  /** Read by the actions cell (the table's meta holds the open menu): a prop for the same reason. */
  menuOpen: boolean;
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
          const className = definition.meta?.cellClass;
          const content = render(definition.cell, cell.getContext());
          return (
            <td key={cell.column.id} className={className} title={className === CLIP_CLASS && typeof content === 'string' ? content : undefined}>
              {content}
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

/** A header cell: a sort button for a sortable column, with its state for assistive technology. */
function headerCell(header: RowsHeader) {
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
}

export function RowsTable(props: RowsTableProps) {
  const { details, rowCount, pagination, busy, placeholder, emptyText, renderLoaded } = props;
  const [table, meta, columnCount, menuRow] = useRowsTable(props);
  const { t } = meta.format;
  const [headerGroup] = table.getHeaderGroups();
  const pageRows = table.getRowModel().rows;

  return (
    <>
      <ScrollBox className="data-table-wrap" labelledBy="page-title">
        <table className={busy ? 'data-table is-busy' : 'data-table'} aria-busy={busy || undefined}>
          <thead>
            <tr>{headerGroup.headers.map(headerCell)}</tr>
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
                  menuOpen={row.id === menuRow}
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
          capped={props.rowsCapped}
          onPage={(page) => table.setPageIndex(page - 1)}
          onLimit={(size) => table.setPageSize(size)}
        />
      )}
    </>
  );
}
