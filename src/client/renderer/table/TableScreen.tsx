// A list screen generated from its screens.json descriptor: header (title, back button, page
// actions, Filters), the filter card, active-filter chips, the table and its pagination.
// Page, limit, order and filters are read from and written to the address (see useListAddress).
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../core/useTranslation.ts';
import { Link } from '../../core/router/Link.tsx';
import { useParams } from '../../core/router/hooks.ts';
import { compactOptions } from '../../../shared/list-query.ts';
import { pageCount } from '../../../shared/pagination.ts';
import { ApiError } from '../../core/apiError.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { useSession } from '../../core/session.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { Action, TableScreen as TableScreenDescriptor } from '../descriptors.ts';
import { loadSchemaFile, useSchemaRevision } from '../schemas.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { fillRoute, visibleActions } from './actions.ts';
import { DataTable } from './DataTable.tsx';
import { FilterCard } from './FilterCard.tsx';
import { FilterChips } from './FilterChips.tsx';
import { filterChips, withoutFilter } from './filterChips.ts';
import type { Row } from './format.ts';
import { TableErrorBoundary, TableFailure } from './TableErrorBoundary.tsx';
import { effectiveOrder, useListAddress } from './useListAddress.ts';
import { useListData } from './useListData.ts';
import './table.css';

const EMPTY_ROWS: Row[] = [];

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
  const { t } = useTranslation();
  const title = t(screen.title);
  useDocumentTitle(title);
  const { me } = useSession();
  const params = useParams() as Row;
  const { query, search, update } = useListAddress();
  const order = effectiveOrder(query, screen.defaultOrder);
  const list = useListData(screen.api.list, query, order);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const filterCardId = useId();
  const hasFilters = Object.keys(query.options).length > 0;
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
  const chips = useMemo(
    () => (!screen.filterSchema || filterSchema.isFetched ? filterChips(query.options, filterSchema.data, screen.columns, t) : []),
    [query.options, filterSchema.data, filterSchema.isFetched, screen.filterSchema, screen.columns, t],
  );

  const permissions = me?.permissions;
  const pageActions = useMemo(() => visibleActions(screen.pageActions, permissions), [screen.pageActions, permissions]);
  const rowActions = useMemo(() => visibleActions(screen.rowActions, permissions), [screen.rowActions, permissions]);
  const [running, setRunning] = useState<{ action: Action; row: Row } | null>(null);
  const onRunAction = useCallback((action: Action, row: Row) => setRunning({ action, row }), []);

  const data = list.data;
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
  if (list.isError) {
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

  return (
    <section className="page table-page" aria-labelledby="page-title">
      <header className="table-page-header">
        <div className="table-page-heading">
          {screen.backRoute && (
            <Link className="btn btn-secondary table-page-back" to={screen.backRoute}>
              <span aria-hidden="true">←</span> {t('common.back')}
            </Link>
          )}
          <h1 id="page-title" className="page-title">
            {title}
          </h1>
        </div>
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
        </div>
      </header>

      {filtersOpen && screen.filterSchema && (
        <TableErrorBoundary resetKey={search}>
          <FilterCard
            id={filterCardId}
            schemaPath={screen.filterSchema}
            schema={filterSchema.data}
            values={query.options}
            onApply={(values) => {
              update({ options: compactOptions(values), page: 1 });
              closeFilters();
            }}
            onClear={() => {
              update({ options: {}, page: 1 });
              closeFilters();
            }}
          />
        </TableErrorBoundary>
      )}

      <FilterChips
        chips={chips}
        onRemove={(field) => update({ options: withoutFilter(query.options, field), page: 1 })}
        onClearAll={() => update({ options: {}, page: 1 })}
      />

      <TableErrorBoundary resetKey={search}>
        <DataTable
          columns={screen.columns}
          details={screen.rowDetails}
          rows={data?.items ?? EMPTY_ROWS}
          numberOfRecords={data?.numberOfRecords ?? 0}
          page={query.page}
          limit={query.limit}
          orderBy={order.orderBy}
          order={order.order}
          rowActions={rowActions}
          busy={list.isFetching && Boolean(data)}
          viewKey={search}
          onSort={(orderBy, nextOrder) => update({ orderBy, order: nextOrder, page: 1 })}
          onPage={(page, limit) => update({ page, limit })}
          onRunAction={onRunAction}
          placeholder={placeholder}
        />
      </TableErrorBoundary>

      {running && <ActionDialog action={running.action} row={running.row} onDone={() => void list.refetchAll()} onClose={() => setRunning(null)} />}
    </section>
  );
}
