// One record shown field by field (a details screen, the account above its statement) and the arrays inside it as
// small tables (an account's representatives). Values are formatted as table cells are (table/format.ts).
import type { Column, RecordList } from '../descriptors.ts';
import { cellClass, cellValue, namespacesOf, useFormatContext } from '../table/CellValue.tsx';
import { valueAt, type Row } from '../table/format.ts';
import { ItemsTable } from '../table/ItemsTable.tsx';

export interface RecordViewProps {
  columns: readonly Column[];
  data: Row;
  /** The accessible name of the list of fields. */
  label: string;
}

export function RecordView({ columns, data, label }: RecordViewProps) {
  const format = useFormatContext(namespacesOf(columns.flatMap((column) => [column.title, column.labels])), data);
  return (
    <dl className="details-list record-fields" aria-label={label}>
      {columns.map((column) => (
        <div key={column.field} className="details-item">
          <dt>{format.t(column.title)}</dt>
          <dd className={cellClass(column)}>{cellValue(column, data, format)}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface RecordListViewProps {
  list: RecordList;
  /** The list's visible columns. */
  columns: readonly Column[];
  data: Row;
  headingId: string;
}

/** An array field of the record as a table under its heading; its empty message when it has no items. */
export function RecordListView({ list, columns, data, headingId }: RecordListViewProps) {
  const format = useFormatContext(namespacesOf([list.title, list.emptyMessage, ...columns.flatMap((column) => [column.title, column.labels])]), data);
  const value = valueAt(data, list.field);
  const items = Array.isArray(value) ? (value as Row[]) : [];
  return (
    <section className="card record-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-list-title">
        {format.t(list.title)}
      </h2>
      {items.length === 0 ? (
        <p className="muted">{list.emptyMessage ? format.t(list.emptyMessage) : format.t('table:table.noRecords')}</p>
      ) : (
        <ItemsTable columns={columns} items={items} format={format} />
      )}
    </section>
  );
}
