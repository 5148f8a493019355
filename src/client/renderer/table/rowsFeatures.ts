// What the generated tables use of TanStack Table: sorting, pagination, row selection and expanding as state only.
// The server sorts and pages (manual modes), and a details row is drawn by the table itself, so no row-model
// stage (sorted, paginated, expanded) is registered: each would only cost time on the first render.
import {
  metaHelper,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type CellContext,
  type ColumnDef,
  type ColumnDefTemplate,
  type Header,
  type HeaderContext,
  type Row as TableRow,
} from '@tanstack/react-table';
import type { MouseEvent, ReactNode } from 'react';
import type { Action } from '../descriptors.ts';
import type { FormatContext, Row } from './format.ts';
import type { LabelledAction } from './RowActions.tsx';

/** Texts the table's own controls show, translated once per table rather than once per row. */
export interface RowsLabels {
  details: string;
  toggleDetails: string;
  selectRow: string;
  selectPage: string;
  actions: string;
}

/** What value cells and headers read from their table: the same object while nothing they show changes. */
export interface CellsMeta {
  format: FormatContext;
}

/** What a generated table's cells and headers read from it, its own controls' too. */
export interface RowsTableMeta extends CellsMeta {
  labels: RowsLabels;
  /** The row actions with their labels; empty when the table has no actions column. */
  actions: LabelledAction[];
  onRun: (action: Action, row: Row) => void;
  /** The id of the details row a row's toggle opens. */
  detailsIdOf: (rowId: string) => string;
  /** Which row's actions menu is open: read by the actions cell (the row's `menuOpen` prop renders it again). */
  menu: RowMenuState;
}

/** An open actions menu: its row, and whether the keyboard opened it on its last item (Arrow Up). */
export interface OpenMenu {
  row: string;
  last: boolean;
}

export interface RowMenuState {
  open: OpenMenu | null;
  /** Opens a row's menu, or closes the open one (null). */
  set: (open: OpenMenu | null) => void;
}

export interface RowsColumnMeta {
  /** The class of the column's body cells (and of its header, for the table's own columns). */
  cellClass?: string;
  headerClass?: string;
}

export const rowsFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowExpandingFeature,
  tableMeta: metaHelper<RowsTableMeta>(),
  columnMeta: metaHelper<RowsColumnMeta>(),
});

export type RowsFeatures = typeof rowsFeatures;
export type RowsRow = TableRow<RowsFeatures, Row>;
export type RowsColumnDef = ColumnDef<RowsFeatures, Row, unknown>;
export type RowsCellContext = CellContext<RowsFeatures, Row, unknown>;
export type RowsHeaderContext = HeaderContext<RowsFeatures, Row, unknown>;
export type RowsHeader = Header<RowsFeatures, Row, unknown>;

/** A list inside a record (a payout's history): its columns and rows only. */
export const itemsFeatures = tableFeatures({
  tableMeta: metaHelper<CellsMeta>(),
  columnMeta: metaHelper<RowsColumnMeta>(),
});
export type ItemsColumnDef = ColumnDef<typeof itemsFeatures, Row, unknown>;

export function metaOf<M extends CellsMeta>(table: { options: { meta?: M } }): M {
  return table.options.meta!;
}

/** A click on a row's own control (a link, a button, a checkbox) or the end of a text selection is not meant for the row. */
export function isRowClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('a, button, input, select, textarea, label')) return false;
  return !window.getSelection()?.toString();
}

/** A header or cell template called as a plain function: flexRender would make every cell a component of its own. */
export function render<P extends object>(template: ColumnDefTemplate<P> | undefined, props: P): ReactNode {
  return typeof template === 'function' ? (template(props) as ReactNode) : template;
}
