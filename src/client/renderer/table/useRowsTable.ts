// The TanStack table of a list page, headless: its columns, meta and options memoised as TanStack's docs advise, so
// the row model is built once per page of data. Sorting, pagination and selection are controlled state whose owner
// (the list's address, the screen) receives every change; only the open details rows are kept here, for one view of
// the list, and which row's actions menu is open. The server sorts and pages (manual sorting and pagination).
import { useCallback, useMemo, useRef, useState } from 'react';
import { functionalUpdate, useTable, type ExpandedState, type ExpandedStateList, type RowSelectionState, type TableOptions, type Updater } from '@tanstack/react-table';
import { tableColumns } from './columns.tsx';
import type { Row } from './format.ts';
import type { RowsTableProps } from './RowsTable.tsx';
import { rowsFeatures, type OpenMenu, type RowMenuState, type RowsFeatures } from './rowsFeatures.ts';
import { openRows } from './tableState.ts';
import { useRowsMeta } from './useRowsMeta.ts';

const NONE_OPEN: ExpandedStateList = {};
const NO_SELECTION: RowSelectionState = {};

function rowId(row: Row, index: number): string {
  return row.id === undefined || row.id === null ? String(index) : String(row.id);
}
const canOpen = () => true;
const cannotOpen = () => false;
// Every slice of state is owned outside the table (props, or the open rows here): nothing in the table's own store
// needs to re-render the table's component.
const noStateSelected = () => null;

/** Open details rows, forgotten when the view (page, order, filters) changes. */
function useOpenRows(viewKey: string, multiple: boolean) {
  const [open, setOpen] = useState<{ view: string; expanded: ExpandedStateList }>({ view: viewKey, expanded: NONE_OPEN });
  const onExpandedChange = useCallback(
    (updater: Updater<ExpandedState>) =>
      setOpen((current) => {
        const previous = current.view === viewKey ? current.expanded : NONE_OPEN;
        return { view: viewKey, expanded: openRows(previous, functionalUpdate(updater, previous), multiple) };
      }),
    [viewKey, multiple],
  );
  return [open.view === viewKey ? open.expanded : NONE_OPEN, onExpandedChange] as const;
}

/**
 * The open actions menu, in an object that stays the same (so the table's meta does): the cells read it, and the
 * rows whose menu opens or closes render again through their `menuOpen` prop.
 */
function useRowMenu(): RowMenuState {
  const [open, set] = useState<OpenMenu | null>(null);
  const state = useRef<RowMenuState>({ open, set }).current;
  state.open = open;
  return state;
}

/**
 * The table, its meta, its number of columns (the colspan of a details row or of the body's one message) and the row
 * whose actions menu is open.
 */
export function useRowsTable(props: RowsTableProps) {
  const { columns, details, rows, rowCount, sorting, onSortingChange, pagination, onPaginationChange, rowActions, viewKey, rowSelection, onRowSelectionChange } = props;
  const menu = useRowMenu();
  const meta = useRowsMeta(props, menu);
  const [expanded, onExpandedChange] = useOpenRows(viewKey, details?.multiple === true);
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
  return [useTable(options, noStateSelected), meta, definitions.length, menu.open?.row] as const;
}
