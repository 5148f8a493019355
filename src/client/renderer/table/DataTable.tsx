// The table itself (server-side sorting and pagination): sortable headers, rows that open a details
// row, an actions cell, and the pagination bar. Sorting and paging are not kept here: they come in
// from the address and every change goes back out to it. Plain React rather than a table library:
// the table sorts and pages nothing itself, and a library's row model cost more on the first render
// than the rows did (see the README's measurements).
// Rendering cost: a page may hold 50 rows of 6 to 8 cells, so nothing per cell or per row holds a
// hook. Translations, the locale and the row actions' labels are read once here and handed down;
// a row is a memoised component, so a re-render of the screen (busy flag, filter card) leaves the
// rows alone.
import { memo, useCallback, useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { isInAppClick } from '../../core/router/Link.tsx';
import { useNavigate } from '../../core/router/hooks.ts';
import { withLimit } from '../../../shared/pagination.ts';
import type { Order } from '../../../shared/list-query.ts';
import type { Action, Column, RowDetails } from '../descriptors.ts';
import { cellClass, cellValue, namespacesOf, useFormatContext } from './CellValue.tsx';
import { valueAt, type FormatContext, type Row } from './format.ts';
import { Pagination } from './Pagination.tsx';
import { RowActions, type FollowLink, type LabelledAction } from './RowActions.tsx';
import { ScrollBox } from '../../ui/ScrollBox.tsx';

const NONE_OPEN: Record<string, boolean> = {};

export interface DataTableProps {
  columns: readonly Column[];
  details?: RowDetails;
  rows: Row[];
  numberOfRecords: number;
  page: number;
  limit: number;
  orderBy?: string;
  order?: Order;
  /** Row actions the user holds a permission for (`when` is checked per row). */
  rowActions: Action[];
  /** Rows are being fetched for a new address (the old ones stay until then). */
  busy: boolean;
  /** Changes whenever the address does: open details rows belong to one view. */
  viewKey: string;
  onSort: (orderBy: string, order: Order) => void;
  onPage: (page: number, limit: number) => void;
  onRunAction: (action: Action, row: Row) => void;
  /** Shown in the body instead of rows (loading, failure). */
  placeholder?: ReactNode;
  /** The screen's record, for columns naming `record.<field>` (a statement's currency). */
  record?: Row;
  /** What an empty list says instead of "No records". */
  emptyText?: string;
  /** What a details row with `load` shows below its fields (the loaded item's lists). */
  renderLoaded?: (row: Row) => ReactNode;
  /** Row selection (a table with bulk actions): the chosen rows' ids, and a change of some of them. */
  selected?: ReadonlySet<string>;
  onSelect?: (ids: string[], on: boolean) => void;
}

function rowId(row: Row, index: number): string {
  return row.id === undefined || row.id === null ? String(index) : String(row.id);
}

interface DataRowProps {
  row: Row;
  id: string;
  columns: readonly Column[];
  details?: RowDetails;
  /** Null when the table has no actions column. */
  actions: LabelledAction[] | null;
  format: FormatContext;
  isOpen: boolean;
  canOpen: boolean;
  detailsId: string;
  labels: RowLabels;
  visibleColumnCount: number;
  onRun: (action: Action, row: Row) => void;
  onFollow: FollowLink;
  onToggle: (id: string) => void;
  renderLoaded?: (row: Row) => ReactNode;
  /** Undefined when the table selects no rows. */
  isSelected?: boolean;
  onSelect?: (ids: string[], on: boolean) => void;
}

interface RowLabels {
  details: string;
  toggleDetails: string;
  selectRow: string;
}

// A click anywhere on a row also opens its details, for the mouse; keyboard and assistive
// technology use the row's toggle button. Clicks on the row's own controls, or ending a text
// selection, are not meant for the row.
function onRowClick(event: MouseEvent<HTMLTableRowElement>, toggle: () => void) {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('a, button, input, select, textarea, label')) return;
  if (window.getSelection()?.toString()) return;
  toggle();
}

const DataRow = memo(function DataRow({ row, id, columns, details, actions, format, isOpen, canOpen, detailsId, labels, visibleColumnCount, onRun, onFollow, onToggle, renderLoaded, isSelected, onSelect }: DataRowProps) {
  const toggle = () => onToggle(id);
  return (
    <>
      <tr
        className={canOpen ? (isOpen ? 'data-row is-clickable is-open' : 'data-row is-clickable') : 'data-row'}
        onClick={canOpen ? (event) => onRowClick(event, toggle) : undefined}
      >
        {onSelect && (
          <td className="data-table-select">
            <input type="checkbox" checked={isSelected === true} aria-label={`${labels.selectRow} ${id}`} onChange={(event) => onSelect([id], event.target.checked)} />
          </td>
        )}
        {details && (
          <td className="data-table-toggle">
            {canOpen && (
              <button
                type="button"
                className="details-toggle"
                aria-expanded={isOpen}
                aria-controls={detailsId}
                aria-label={labels.details}
                title={labels.toggleDetails}
                onClick={toggle}
              />
            )}
          </td>
        )}
        {columns.map((column) => (
          <td key={column.field} className={cellClass(column)}>
            {cellValue(column, row, format)}
          </td>
        ))}
        {actions && (
          <td className="data-table-actions">
            <RowActions actions={actions} row={row} onRun={onRun} onFollow={onFollow} />
          </td>
        )}
      </tr>
      {isOpen && details && (
        <tr id={detailsId} className="details-row">
          <td colSpan={visibleColumnCount}>
            <dl className="details-list" aria-label={labels.details}>
              {details.columns.map((column) => (
                <div key={column.field} className="details-item">
                  <dt>{format.t(column.title)}</dt>
                  <dd className={cellClass(column)}>{cellValue(column, row, format)}</dd>
                </div>
              ))}
            </dl>
            {details.load && renderLoaded?.(row)}
          </td>
        </tr>
      )}
    </>
  );
});

export function DataTable(props: DataTableProps) {
  const { columns, details, rows, numberOfRecords, page, limit, orderBy, order, rowActions, busy, viewKey, onSort, onPage, onRunAction, placeholder, record, emptyText, selected, onSelect, renderLoaded } = props;
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
  const [open, setOpen] = useState<{ view: string; expanded: Record<string, boolean> }>({ view: viewKey, expanded: {} });
  const expanded = open.view === viewKey ? open.expanded : NONE_OPEN;
  const multiple = details?.multiple === true;
  const onToggle = useCallback(
    (id: string) =>
      setOpen((current) => {
        const list = current.view === viewKey ? current.expanded : NONE_OPEN;
        if (list[id]) {
          const rest = { ...list };
          delete rest[id];
          return { view: viewKey, expanded: rest };
        }
        // One details row at a time unless the descriptor allows several.
        return { view: viewKey, expanded: multiple ? { ...list, [id]: true } : { [id]: true } };
      }),
    [viewKey, multiple],
  );

  // Labels translated once per table, not once per row.
  const actions = useMemo(() => (rowActions.length ? rowActions.map((action) => ({ action, label: t(action.label) })) : null), [rowActions, t]);
  const labels = useMemo<RowLabels>(() => ({ details: t('table:table.details'), toggleDetails: t('table:table.toggleDetails'), selectRow: t('table:bulk.selectRow') }), [t]);
  const pageIds = useMemo(() => rows.map((row, index) => rowId(row, index)), [rows]);
  const allSelected = Boolean(selected) && pageIds.length > 0 && pageIds.every((id) => selected!.has(id));

  // Route actions are plain links with one shared click handler rather than a <Link> (and its hook) per
  // action: on 50 rows every hook counts.
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

  // A click on a header toggles ascending and descending (ascending first), never "unsorted".
  const sortBy = (field: string) => onSort(field, orderBy === field && order !== 'DESC' ? 'DESC' : 'ASC');
  // The details toggle has a column of its own, before the descriptor's columns.
  const visibleColumnCount = columns.length + (actions ? 1 : 0) + (details ? 1 : 0) + (onSelect ? 1 : 0);

  return (
    <>
      <ScrollBox className="data-table-wrap" labelledBy="page-title">
        <table className={busy ? 'data-table is-busy' : 'data-table'} aria-busy={busy || undefined}>
          <thead>
            <tr>
              {onSelect && (
                <th scope="col" className="data-table-select">
                  <input type="checkbox" checked={allSelected} aria-label={t('table:bulk.selectPage')} onChange={(event) => onSelect(pageIds, event.target.checked)} disabled={pageIds.length === 0} />
                </th>
              )}
              {details && (
                <th scope="col" className="data-table-toggle">
                  <span className="visually-hidden">{labels.details}</span>
                </th>
              )}
              {columns.map((column) => {
                const title = t(column.title);
                if (column.sortable !== true) {
                  return (
                    <th key={column.field} scope="col">
                      {title}
                    </th>
                  );
                }
                const sorted = orderBy === column.field ? (order === 'DESC' ? 'desc' : 'asc') : null;
                return (
                  <th key={column.field} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                    <button type="button" className="sort-button" onClick={() => sortBy(column.field)}>
                      <span>{title}</span>
                      <span className={`sort-indicator sort-${sorted ?? 'none'}`} aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className="data-table-actions">
                  {t('table:table.actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {placeholder ? (
              <tr>
                <td colSpan={visibleColumnCount} className="data-table-placeholder">
                  {placeholder}
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={visibleColumnCount} className="data-table-empty">
                  {emptyText ? t(emptyText) : t('table:table.noRecords')}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const id = rowId(row, index);
                return (
                  <DataRow
                    key={id}
                    row={row}
                    id={id}
                    columns={columns}
                    details={details}
                    actions={actions}
                    format={format}
                    isOpen={Boolean(details) && expanded[id] === true}
                    canOpen={Boolean(details)}
                    detailsId={`${idPrefix}-details-${id}`}
                    labels={labels}
                    visibleColumnCount={visibleColumnCount}
                    onRun={onRunAction}
                    onFollow={onFollow}
                    onToggle={onToggle}
                    renderLoaded={renderLoaded}
                    isSelected={onSelect ? selected?.has(id) === true : undefined}
                    onSelect={onSelect}
                  />
                );
              })
            )}
          </tbody>
        </table>
      </ScrollBox>
      {!placeholder && (
        <Pagination
          page={page}
          limit={limit}
          numberOfRecords={numberOfRecords}
          onPage={(target) => onPage(target, limit)}
          onLimit={(size) => {
            // A new page size starts again from the first page.
            const reset = withLimit({ page, limit }, size);
            onPage(reset.page, reset.limit);
          }}
        />
      )}
    </>
  );
}
