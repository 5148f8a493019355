// The column definitions of a generated table, from its screen descriptor: a selection column (tables with bulk
// actions), the details toggle (tables with row details), one column per descriptor column (its title, format, cell
// renderer, sortable flag) and the row actions' menu button. Cells and headers hold no hooks and read the
// translations, the locale and the handlers from the table's meta, so the definitions change only when the descriptor
// does.
import type { Column } from '../descriptors.ts';
import { cellClass, cellValue } from './CellValue.tsx';
import { formatCell, valueAt, type Row } from './format.ts';
import { RowActions } from './RowActions.tsx';
import { metaOf, type CellsMeta, type ItemsColumnDef, type RowsCellContext, type RowsColumnDef, type RowsHeaderContext } from './rowsFeatures.ts';

/** Texts are cut short in a list's one-line rows (table.css); the cell's title holds the whole text. */
const CLIPPED = new Set(['text']);
export const CLIP_CLASS = 'cell-clip';

const SELECT_COLUMN = 'select';
const DETAILS_COLUMN = 'details';
const ACTIONS_COLUMN = 'actions';

export interface ColumnsShape {
  /** The table selects rows (for bulk actions). */
  select: boolean;
  /** Rows open a details row. */
  details: boolean;
  /** Some row action is the user's to run. */
  actions: boolean;
}

interface CellsTable {
  options: { meta?: CellsMeta };
}

// The title and the value as every generated table shows them, from the table's meta.
const headerOf = (column: Column) => ({ table }: { table: CellsTable }) => metaOf(table).format.t(column.title);
const cellOf = (column: Column) => ({ row, table }: { row: { original: Row }; table: CellsTable }) => cellValue(column, row.original, metaOf(table).format);

/** The column holding one descriptor column's values in a list screen's table; only `sortable` columns sort. */
function valueColumn(column: Column): RowsColumnDef {
  return {
    id: column.field,
    accessorFn: (row) => valueAt(row, column.field),
    enableSorting: column.sortable === true,
    header: headerOf(column),
    cell: cellOf(column),
    meta: { cellClass: CLIPPED.has(column.format ?? 'text') ? CLIP_CLASS : cellClass(column) },
  };
}

/** The column holding one descriptor column's values in a list inside a record. */
export function itemColumn(column: Column): ItemsColumnDef {
  return { id: column.field, accessorFn: (row) => valueAt(row, column.field), header: headerOf(column), cell: cellOf(column), meta: { cellClass: cellClass(column) } };
}

const selectColumn: RowsColumnDef = {
  id: SELECT_COLUMN,
  header: ({ table }: RowsHeaderContext) => (
    <input
      type="checkbox"
      checked={table.getIsAllPageRowsSelected()}
      aria-label={metaOf(table).labels.selectPage}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
      disabled={table.getRowModel().rows.length === 0}
    />
  ),
  cell: ({ row, table }: RowsCellContext) => (
    <input type="checkbox" checked={row.getIsSelected()} aria-label={`${metaOf(table).labels.selectRow} ${row.id}`} onChange={row.getToggleSelectedHandler()} />
  ),
  meta: { cellClass: 'data-table-select', headerClass: 'data-table-select' },
};

// The rows themselves are no widgets: the open state is on this button only.
const detailsColumn: RowsColumnDef = {
  id: DETAILS_COLUMN,
  header: ({ table }: RowsHeaderContext) => <span className="visually-hidden">{metaOf(table).labels.details}</span>,
  cell: ({ row, table }: RowsCellContext) => {
    if (!row.getCanExpand()) return null;
    const { labels, detailsIdOf } = metaOf(table);
    return (
      <button
        type="button"
        className="details-toggle"
        aria-expanded={row.getIsExpanded()}
        aria-controls={detailsIdOf(row.id)}
        aria-label={labels.details}
        title={labels.toggleDetails}
        onClick={row.getToggleExpandedHandler()}
      />
    );
  },
  meta: { cellClass: 'data-table-toggle', headerClass: 'data-table-toggle' },
};

/** The actions menu's button, named by the row's first value as shown ("Actions for PO-1"); its header is for screen readers. */
function actionsColumn(first: Column): RowsColumnDef {
  return {
    id: ACTIONS_COLUMN,
    header: ({ table }: RowsHeaderContext) => <span className="visually-hidden">{metaOf(table).labels.actions}</span>,
    cell: ({ row, table }: RowsCellContext) => {
      const { actions, onRun, format, menu, detailsIdOf } = metaOf(table);
      return (
        <RowActions
          actions={actions}
          row={row.original}
          rowId={row.id}
          id={`${detailsIdOf(row.id)}-actions`}
          label={format.t('table:table.rowActions', { name: formatCell(first, row.original, format) })}
          menu={menu}
          onRun={onRun}
        />
      );
    },
    meta: { cellClass: 'data-table-actions', headerClass: 'data-table-actions' },
  };
}

/** Every column of a table, in the order shown. */
export function tableColumns(columns: readonly Column[], shape: ColumnsShape): RowsColumnDef[] {
  return [
    ...(shape.select ? [selectColumn] : []),
    ...(shape.details ? [detailsColumn] : []),
    ...columns.map(valueColumn),
    ...(shape.actions ? [actionsColumn(columns[0])] : []),
  ];
}
