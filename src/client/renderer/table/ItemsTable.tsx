// A list inside a record as a table (a payout's status history, an account's representatives): its descriptor's
// columns over the record's array, with no sorting, paging or selection.
import { useMemo } from 'react';
import { useTable } from '@tanstack/react-table';
import type { Column } from '../descriptors.ts';
import { itemColumn } from './columns.tsx';
import type { FormatContext, Row } from './format.ts';
import { itemsFeatures, render } from './rowsFeatures.ts';

export interface ItemsTableProps {
  columns: readonly Column[];
  items: Row[];
  format: FormatContext;
}

// The table holds no state of its own to render from.
const noStateSelected = () => null;

export function ItemsTable({ columns, items, format }: ItemsTableProps) {
  const definitions = useMemo(() => columns.map(itemColumn), [columns]);
  const meta = useMemo(() => ({ format }), [format]);
  const table = useTable({ features: itemsFeatures, columns: definitions, data: items, meta }, noStateSelected);
  const [headerGroup] = table.getHeaderGroups();
  return (
    <div className="data-table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            {headerGroup.headers.map((header) => (
              <th key={header.id} scope="col">
                {render(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="data-row">
              {row.getAllCells().map((cell) => (
                <td key={cell.column.id} className={cell.column.columnDef.meta?.cellClass}>
                  {render(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
