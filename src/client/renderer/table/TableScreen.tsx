// A list screen generated from its screens.json descriptor: header (title, back button, page
// actions, Filters), the filter card, active-filter chips, the table and its pagination.
// Page, limit, order and filters are read from and written to the address (see useListAddress).
// Some tables have more (table/extras.tsx, loaded with them only): the record the list belongs to above it (an
// account above its statement), a period bar (the last months by default; a period too long is refused before any
// request) and an "Export to xlsx" button.
// The screen renders; its state lives in hooks beside it, one concern each (the view and its period, the filters,
// what the user may do, the selection, the order and page, the running action, the loaded details), called in a
// fixed order so that requests and effects keep theirs.
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { useSession } from '../../core/session.tsx';
import type { TableScreen as TableScreenDescriptor } from '../descriptors.ts';
import { PageHeading } from './PageHeading.tsx';
import { emptyMessageFor } from './actions.ts';
import { namespacesOf, useFormatContext } from './CellValue.tsx';
import { RowsTable } from './RowsTable.tsx';
import type { Row } from './format.ts';
import { ActionDialog, BulkBar } from './lazyParts.ts';
import { listPlaceholder } from './listPlaceholder.tsx';
import { listRequestOf } from './listRequest.ts';
import { periodFilter } from './period.ts';
import { PeriodSection } from './PeriodSection.tsx';
import { RecordCard, useTableRecord } from './RecordCard.tsx';
import { TableErrorBoundary } from './TableErrorBoundary.tsx';
import { TableTools } from './TableTools.tsx';
import { showsDates, TimeZoneNote } from './TimeZoneNote.tsx';
import { selectedIds } from './tableState.ts';
import { useAllowedParts } from './useAllowedParts.ts';
import { effectiveOrder } from './useListAddress.ts';
import { useListData } from './useListData.ts';
import { useListView } from './useListView.ts';
import { useLoadedDetails } from './useLoadedDetails.tsx';
import { useRowSelection } from './useRowSelection.ts';
import { useRunningAction } from './useRunningAction.ts';
import { useTableFilters } from './useTableFilters.ts';
import { useTablePaging } from './useTablePaging.ts';
import './table.css';

// The filter card shows only once opened, and then waits for the form engine anyway; the chips only once their own
// code (filterChips.ts, useTableFilters.ts) has made them: neither is in the first load.
const FilterCard = lazyWithReload(() => import('./FilterCard.tsx').then((module) => ({ default: module.FilterCard })));
const FilterChips = lazyWithReload(() => import('./FilterChips.tsx').then((module) => ({ default: module.FilterChips })));

const EMPTY_ROWS: Row[] = [];

export default function TableScreen({ screen }: { screen: TableScreenDescriptor }) {
  const { t } = useTranslation();
  const title = t(screen.title);
  useDocumentTitle(title);
  const { me } = useSession();
  const params = useParams() as Row;
  const period = screen.period;
  const [address, query, tooLong, shownPeriod] = useListView(period);
  const order = effectiveOrder(query, screen.defaultOrder);
  const scope = useMemo(() => ({ params: params as Record<string, string>, scopeFilters: screen.scopeFilters }), [JSON.stringify(params), screen.scopeFilters]);
  const list = useListData(screen.api.list, query, order, scope, !tooLong);
  const record = useTableRecord(screen.record, params);
  const permissions = me?.permissions;
  const [pageActions, rowActions, columns, recordColumns, bulkActions] = useAllowedParts(screen, permissions, me?.type);
  const exportFormat = useFormatContext(namespacesOf(columns.flatMap((column) => [column.title, column.labels])), record.data);
  const filters = useTableFilters(screen, query, address, t, exportFormat.locale, exportFormat.timeZone);
  const [running, runAction, closeAction] = useRunningAction(rowActions.length > 0 || pageActions.length > 0);
  const [selected, onSelectionChange, forgetSelection] = useRowSelection(query.options);
  const paging = useTablePaging(query, order, address.update, list);
  const renderLoaded = useLoadedDetails(screen.rowDetails);
  const data = list.data;
  const onBulkDone = () => {
    forgetSelection();
    void list.refetchAll();
  };
  const exportInput = () => ({
    request: listRequestOf(screen.api.list, query, order, scope),
    columns,
    format: exportFormat,
    fileName: { template: screen.export!.fileName, values: { ...(params as Record<string, string>), from: shownPeriod.from, to: shownPeriod.to } },
    sheetName: title,
  });

  return (
    <section className="page table-page" aria-labelledby="page-title">
      <header className="table-page-header">
        <PageHeading title={title} backRoute={screen.backRoute}>
          {showsDates(columns) && <TimeZoneNote />}
        </PageHeading>
        <TableTools
          screen={screen}
          params={params}
          filters={filters}
          pageActions={pageActions}
          onRun={runAction}
          options={query.options}
          empty={!data || data.numberOfRecords === 0}
          tooLong={tooLong}
          exportInput={exportInput}
        />
      </header>
      {screen.record && <RecordCard record={record} columns={recordColumns} label={title} t={t} />}
      {period && (
        <PeriodSection
          period={period}
          shown={shownPeriod}
          tooLong={tooLong}
          onApply={(next) => address.update({ options: { ...address.query.options, [period.field]: periodFilter(next, exportFormat.timeZone) }, page: 1 })}
          t={t}
        />
      )}
      {filters.open && screen.filterSchema && (
        <TableErrorBoundary resetKey={address.search}>
          {/* The card's place while its code loads: the Filters button's aria-controls always names an element. */}
          <Suspense fallback={<section id={filters.cardId} className="card filter-card" aria-label={t('table:filters.title')} aria-busy="true" />}>
            <FilterCard schemaPath={screen.filterSchema} filters={filters} />
          </Suspense>
        </TableErrorBoundary>
      )}
      {filters.chips.length > 0 && (
        <Suspense fallback={null}>
          <FilterChips chips={filters.chips} onRemove={filters.remove} onClearAll={filters.clearAll} />
        </Suspense>
      )}
      {screen.bulk && bulkActions.length > 0 && (
        <Suspense fallback={null}>
          <BulkBar bulk={screen.bulk} actions={bulkActions} options={query.options} selectedIds={selectedIds(selected)} onDone={onBulkDone} />
        </Suspense>
      )}
      <TableErrorBoundary resetKey={address.search}>
        <RowsTable
          {...paging}
          columns={columns}
          details={screen.rowDetails}
          record={record.data}
          emptyText={filters.narrowed ? undefined : emptyMessageFor(screen.emptyMessages, permissions)}
          rows={data?.items ?? EMPTY_ROWS}
          rowCount={data?.numberOfRecords ?? 0}
          busy={list.isFetching && Boolean(data)}
          rowActions={rowActions}
          viewKey={address.search}
          onRunAction={runAction}
          placeholder={listPlaceholder(t, period, tooLong, list)}
          renderLoaded={renderLoaded}
          rowSelection={bulkActions.length ? selected : undefined}
          onRowSelectionChange={bulkActions.length ? onSelectionChange : undefined}
        />
      </TableErrorBoundary>
      {running && (
        <Suspense fallback={null}>
          <ActionDialog action={running.action} row={running.row} onDone={() => void list.refetchAll()} onClose={closeAction} />
        </Suspense>
      )}
    </section>
  );
}
