// A list screen generated from its screens.json descriptor: header (title, back button, page
// actions, Filters), the filter card, active-filter chips, the table and its pagination.
// Page, limit, order and filters are read from and written to the address (see useListAddress).
// Some tables have more (table/extras.tsx, loaded with them only): the record the list belongs to above it (an
// account above its statement), a period bar (the last months by default; a period too long is refused before any
// request) and an "Export to xlsx" button.
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { functionalUpdate, type PaginationState, type RowSelectionState, type SortingState, type Updater } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { compactOptions, type FilterValue } from '../../../shared/list-query.ts';
import { pageCount } from '../../../shared/pagination.ts';
import { api, download } from '../../core/api.ts';
import { hasAnyPermission } from '../../../shared/permissions.ts';
import { ApiError } from '../../core/apiError.ts';
import { chunk } from '../../core/chunk.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { useSession } from '../../core/session.tsx';
import { afterPaint } from '../../core/afterPaint.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { tableExtrasChunk } from '../chunks.ts';
import { resolveCall, type Action, type TableScreen as TableScreenDescriptor } from '../descriptors.ts';
import { loadSchemaFile, useSchemaRevision, type JsonSchema } from '../schemas.ts';
import { PageHeading } from './PageHeading.tsx';
import { emptyMessageFor, fillRoute, isNarrowed, visibleActions, visibleColumns } from './actions.ts';
import { namespacesOf, useFormatContext } from './CellValue.tsx';
import { RowsTable } from './RowsTable.tsx';
import { FilterCard } from './FilterCard.tsx';
import { FilterChips } from './FilterChips.tsx';
import { filterChips, withoutFilter } from './filterChips.ts';
import { filterHints, useChipNames } from './filterHints.ts';
import type { Row } from './format.ts';
import { listRequestOf } from './listRequest.ts';
import { periodFilter, periodTooLong, withDefaultPeriod } from './period.ts';
import { periodOf } from './periodText.ts';
import { TableErrorBoundary, TableFailure } from './TableErrorBoundary.tsx';
import { effectiveOrder, useListAddress } from './useListAddress.ts';
import { useListData } from './useListData.ts';
import { orderOf, pageOf, paginationOf, selectedIds, sortingOf } from './tableState.ts';
import './table.css';

const EMPTY_ROWS: Row[] = [];

/** A named part of the extras chunk as a component of its own (each renders at once once the chunk is in). */
function extra<K extends 'RecordView' | 'PeriodBar' | 'ExportButton' | 'ReportButtons' | 'BulkBar' | 'LoadedDetails'>(name: K) {
  return lazyWithReload(chunk(() => tableExtrasChunk.load().then((module) => ({ default: module[name] as never }))));
}
const RecordView = extra('RecordView') as unknown as typeof import('./extras.tsx').RecordView;
const PeriodBar = extra('PeriodBar') as unknown as typeof import('./extras.tsx').PeriodBar;
const ExportButton = extra('ExportButton') as unknown as typeof import('./extras.tsx').ExportButton;
const ReportButtons = extra('ReportButtons') as unknown as typeof import('./extras.tsx').ReportButtons;
const BulkBar = extra('BulkBar') as unknown as typeof import('./extras.tsx').BulkBar;
const LoadedDetails = extra('LoadedDetails') as unknown as typeof import('./extras.tsx').LoadedDetails;
const NO_SELECTION: RowSelectionState = {};
// The confirm flow of an action: its code loads after the first paint of a table with actions (before a click, as a
// rule; a click that comes first opens it when it is in).
const ActionDialog = lazyWithReload(() => import('./ActionDialog.tsx').then((module) => ({ default: module.ActionDialog })));

/** The filter schema without the period's field (the period bar sets it, not the filter card). */
function withoutProperty(schema: JsonSchema | undefined, name: string | undefined): JsonSchema | undefined {
  if (!schema || !name || !schema.properties?.[name]) return schema;
  const properties = { ...schema.properties };
  delete properties[name];
  return { ...schema, properties };
}

/** ui hints of the filter card: a filter shows its values with the labels of the column showing the same field. */
function PageActionControl({ action, params, onRun }: { action: Action; params: Row; onRun: (action: Action, row: Row) => void }) {
  const { t } = useTranslation();
  const className = `btn btn-${action.variant ?? 'secondary'}`;
  if (action.route) {
    return (
      <Link className={className} to={fillRoute(action.route, params)}>
        {t(action.label)}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={() => onRun(action, params)}>
      {t(action.label)}
    </button>
  );
}

export default function TableScreen({ screen }: { screen: TableScreenDescriptor }) {
  const { t, i18n } = useTranslation();
  const title = t(screen.title);
  useDocumentTitle(title);
  const { me } = useSession();
  const params = useParams() as Row;
  const { query: addressQuery, search, update } = useListAddress();
  const period = screen.period;
  // The address's view, with the default period where it names none.
  const query = useMemo(() => (period ? withDefaultPeriod(addressQuery, period) : addressQuery), [addressQuery, period]);
  const tooLong = period ? periodTooLong(query.options, period) : false;
  const order = effectiveOrder(query, screen.defaultOrder);
  const paramsKey = JSON.stringify(params);
  const scope = useMemo(() => ({ params: params as Record<string, string>, scopeFilters: screen.scopeFilters }), [paramsKey, screen.scopeFilters]);
  const list = useListData(screen.api.list, query, order, scope, !tooLong);
  const recordPath = screen.record ? resolveCall(screen.record.api, params).path : undefined;
  const record = useQuery({
    queryKey: ['record', recordPath],
    queryFn: ({ signal }) => api.get<Row>(recordPath!, { signal }),
    enabled: recordPath !== undefined,
  });
  // Filters that only say where the list belongs (scope filters, the period) do not count as narrowing it; the period
  // shows in its bar, not as a chip nor in the filter card.
  const unnarrowing = useMemo(() => [...(screen.scopeFilters ?? []), period?.field], [screen.scopeFilters, period]);
  const cardOptions = useMemo(() => {
    if (!period) return query.options;
    const rest: Record<string, FilterValue> = { ...query.options };
    delete rest[period.field];
    return rest;
  }, [query.options, period]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const filterCardId = useId();
  const hasFilters = Object.keys(cardOptions).length > 0;
  // The small filter-schema file names the chips; the form engine is not needed for that.
  const filterSchema = useQuery({
    queryKey: ['schemaFile', screen.filterSchema],
    queryFn: () => loadSchemaFile(screen.filterSchema!),
    enabled: Boolean(screen.filterSchema) && (hasFilters || filtersOpen),
    staleTime: Infinity,
  });
  // npm run dev: an edited filter schema replaces the cached one (useSchemaRevision is always 0 in the build).
  const schemaRevision = useSchemaRevision();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (import.meta.hot && schemaRevision) void queryClient.invalidateQueries({ queryKey: ['schemaFile'] });
  }, [schemaRevision, queryClient]);
  const filterUi = useQuery({
    queryKey: ['schemaFile', screen.filterUiSchema],
    queryFn: () => loadSchemaFile(screen.filterUiSchema!),
    enabled: Boolean(screen.filterUiSchema) && (hasFilters || filtersOpen),
    staleTime: Infinity,
  });
  const cardHints = useMemo(() => filterHints(screen.columns, filterUi.data), [screen.columns, filterUi.data]);
  const plainChips = useMemo(
    () => (!screen.filterSchema || filterSchema.isFetched ? filterChips(cardOptions, filterSchema.data, screen.columns, t) : []),
    [cardOptions, filterSchema.data, filterSchema.isFetched, screen.filterSchema, screen.columns, t],
  );
  const chips = useChipNames(plainChips, cardOptions, cardHints);
  const cardSchema = useMemo(() => withoutProperty(filterSchema.data, period?.field), [filterSchema.data, period]);

  const permissions = me?.permissions;
  const userType = me?.type;
  const pageActions = useMemo(() => visibleActions(screen.pageActions, permissions, undefined, userType), [screen.pageActions, permissions, userType]);
  const rowActions = useMemo(() => visibleActions(screen.rowActions, permissions, undefined, userType), [screen.rowActions, permissions, userType]);
  const columns = useMemo(() => visibleColumns(screen.columns, permissions), [screen.columns, permissions]);
  const recordColumns = useMemo(() => (screen.record ? visibleColumns(screen.record.columns, permissions) : []), [screen.record, permissions]);
  const exportFormat = useFormatContext(namespacesOf(columns.flatMap((column) => [column.title, column.labels])), record.data);
  const [running, setRunning] = useState<{ action: Action; row: Row } | null>(null);
  // Rows chosen for a bulk action, forgotten when the filters change (they belong to one list).
  const bulkActions = useMemo(() => (screen.bulk ? screen.bulk.actions.filter((a) => hasAnyPermission(permissions, a.permissions)) : []), [screen.bulk, permissions]);
  const optionsKey = JSON.stringify(query.options);
  const [selection, setSelection] = useState<{ key: string; rows: RowSelectionState }>({ key: optionsKey, rows: NO_SELECTION });
  const selected = selection.key === optionsKey ? selection.rows : NO_SELECTION;
  const onRowSelectionChange = useCallback(
    (updater: Updater<RowSelectionState>) =>
      setSelection((current) => ({ key: optionsKey, rows: functionalUpdate(updater, current.key === optionsKey ? current.rows : NO_SELECTION) })),
    [optionsKey],
  );
  // The order and the page as the table holds them; the table's changes go back to the address.
  const sorting = useMemo(() => sortingOf(order), [order.orderBy, order.order]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => update({ ...orderOf(functionalUpdate(updater, sorting)), page: 1 }),
    [sorting, update],
  );
  const pagination = useMemo(() => paginationOf(query), [query.page, query.limit]);
  const onPaginationChange = useCallback(
    (updater: Updater<PaginationState>) => update(pageOf(pagination, functionalUpdate(updater, pagination))),
    [pagination, update],
  );
  const onRunAction = useCallback((action: Action, row: Row) => setRunning({ action, row }), []);
  const hasActions = rowActions.length > 0 || pageActions.length > 0;
  useEffect(() => (hasActions ? afterPaint(() => void ActionDialog.preload().catch(() => undefined)) : undefined), [hasActions]);

  const data = list.data;
  const loadDetails = screen.rowDetails?.load;
  const detailLists = screen.rowDetails?.lists;
  const renderLoaded = useMemo(
    () =>
      loadDetails && detailLists
        ? (row: Row) => (
            <Suspense fallback={null}>
              <LoadedDetails load={loadDetails} lists={detailLists} row={row} />
            </Suspense>
          )
        : undefined,
    [loadDetails, detailLists],
  );
  // An address past the last page (an old link, the last row deleted) moves to the last page.
  useEffect(() => {
    if (!data || list.isPlaceholderData || data.items.length > 0 || query.page === 1) return;
    const last = pageCount(data.numberOfRecords, query.limit);
    if (last > 0 && query.page > last) update({ page: last }, { replace: true });
  }, [data, list.isPlaceholderData, query.page, query.limit, update]);

  const closeFilters = () => {
    setFiltersOpen(false);
    filtersButton.current?.focus();
  };

  let placeholder = null;
  if (tooLong && period) {
    placeholder = (
      <div className="notice notice-warning" role="alert">
        {t(period.message)}
      </div>
    );
  } else if (list.isError) {
    placeholder =
      list.error instanceof ApiError && list.error.status === 403 ? (
        <div className="notice notice-warning" role="alert">
          {t('access.refused')}
        </div>
      ) : (
        <TableFailure />
      );
  } else if (!data) {
    placeholder = (
      <span className="data-table-loading" role="status">
        <Spinner />
        <span className="visually-hidden">{t('table:table.loading')}</span>
      </span>
    );
  }

  // The period stays when filters are cleared: it is the bar's, not the card's.
  const keptPeriod: Record<string, FilterValue> =
    period && addressQuery.options[period.field] !== undefined ? { [period.field]: addressQuery.options[period.field] } : {};
  const shownPeriod = period ? (periodOf(query.options[period.field]) ?? {}) : {};
  const narrowed = isNarrowed(query.options, unnarrowing);
  const emptyText = narrowed ? undefined : emptyMessageFor(screen.emptyMessages, permissions);
  const exportSpec = screen.export;
  const exportInput = () => ({
    request: listRequestOf(screen.api.list, query, order, scope),
    columns,
    format: exportFormat,
    fileName: { template: exportSpec!.fileName, values: { ...(params as Record<string, string>), from: shownPeriod.from, to: shownPeriod.to } },
    sheetName: title,
  });

  return (
    <section className="page table-page" aria-labelledby="page-title">
      <header className="table-page-header">
        <PageHeading title={title} backRoute={screen.backRoute} />
        <div className="table-page-tools">
          {screen.filterSchema && (
            <button
              ref={filtersButton}
              type="button"
              className={filtersOpen ? 'btn btn-secondary is-active' : 'btn btn-secondary'}
              aria-expanded={filtersOpen}
              aria-controls={filtersOpen ? filterCardId : undefined}
              onClick={() => setFiltersOpen((isOpen) => !isOpen)}
            >
              {t('table:filters.toggle')}
              {chips.length > 0 && (
                <span className="filter-count" aria-hidden="true">
                  {chips.length}
                </span>
              )}
            </button>
          )}
          {pageActions.map((action) => (
            <PageActionControl key={action.id} action={action} params={params} onRun={onRunAction} />
          ))}
          {screen.report && (
            <Suspense fallback={null}>
              <ReportButtons
                label={t(screen.report.label)}
                formats={screen.report.formats}
                disabled={!data || data.numberOfRecords === 0}
                run={(format) =>
                  download(resolveCall(screen.report!.api, params).path, {
                    options: Object.keys(query.options).length ? JSON.stringify(query.options) : undefined,
                    format,
                    lang: i18n.language === 'pl' ? 'pl' : 'en',
                  })
                }
              />
            </Suspense>
          )}
          {exportSpec && (
            <Suspense fallback={null}>
              <ExportButton label={t(exportSpec.label)} input={exportInput} disabled={tooLong || !data || data.numberOfRecords === 0} />
            </Suspense>
          )}
        </div>
      </header>

      {screen.record && (
        <div className="card table-record">
          {record.isError ? (
            <div className="notice notice-error" role="alert">
              {record.error instanceof ApiError && record.error.code ? errorMessage(t, record.error.code, record.error.message) : t('form:loadFailed')}
            </div>
          ) : record.data ? (
            <Suspense fallback={null}>
              <RecordView columns={recordColumns} data={record.data} label={title} />
            </Suspense>
          ) : (
            <span className="data-table-loading" role="status">
              <Spinner />
              <span className="visually-hidden">{t('common.loading')}</span>
            </span>
          )}
        </div>
      )}

      {period && (
        <Suspense fallback={null}>
          <PeriodBar
            key={`${shownPeriod.from ?? ''}|${shownPeriod.to ?? ''}`}
            period={shownPeriod}
            maxMonths={period.maxMonths}
            tooLongMessage={t(period.message)}
            tooLong={tooLong}
            onApply={(next) => update({ options: { ...addressQuery.options, [period.field]: periodFilter(next) }, page: 1 })}
          />
        </Suspense>
      )}

      {filtersOpen && screen.filterSchema && (
        <TableErrorBoundary resetKey={search}>
          <FilterCard
            id={filterCardId}
            schemaPath={screen.filterSchema}
            schema={cardSchema}
            uiSchema={cardHints}
            values={cardOptions}
            onApply={(values) => {
              update({ options: { ...compactOptions(values), ...keptPeriod }, page: 1 });
              closeFilters();
            }}
            onClear={() => {
              update({ options: keptPeriod, page: 1 });
              closeFilters();
            }}
          />
        </TableErrorBoundary>
      )}

      <FilterChips
        chips={chips}
        onRemove={(field) => update({ options: withoutFilter(addressQuery.options, field), page: 1 })}
        onClearAll={() => update({ options: keptPeriod, page: 1 })}
      />

      {screen.bulk && bulkActions.length > 0 && (
        <Suspense fallback={null}>
          <BulkBar
            bulk={screen.bulk}
            actions={bulkActions}
            options={query.options}
            selectedIds={selectedIds(selected)}
            onDone={() => {
              setSelection({ key: optionsKey, rows: NO_SELECTION });
              void list.refetchAll();
            }}
          />
        </Suspense>
      )}

      <TableErrorBoundary resetKey={search}>
        <RowsTable
          columns={columns}
          details={screen.rowDetails}
          record={record.data}
          emptyText={emptyText}
          rows={data?.items ?? EMPTY_ROWS}
          rowCount={data?.numberOfRecords ?? 0}
          sorting={sorting}
          onSortingChange={onSortingChange}
          pagination={pagination}
          onPaginationChange={onPaginationChange}
          rowActions={rowActions}
          busy={list.isFetching && Boolean(data)}
          viewKey={search}
          onRunAction={onRunAction}
          placeholder={placeholder}
          renderLoaded={renderLoaded}
          rowSelection={bulkActions.length ? selected : undefined}
          onRowSelectionChange={bulkActions.length ? onRowSelectionChange : undefined}
        />
      </TableErrorBoundary>

      {running && (
        <Suspense fallback={null}>
          <ActionDialog action={running.action} row={running.row} onDone={() => void list.refetchAll()} onClose={() => setRunning(null)} />
        </Suspense>
      )}
    </section>
  );
}
