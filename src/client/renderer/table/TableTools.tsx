// The tools in a list screen's header: the Filters button (with the number of filters in force), the page actions,
// and the report and "Export to xlsx" buttons of the tables that have them.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { download } from '../../core/api.ts';
import type { FilterValue } from '../../../shared/list-query.ts';
import { resolveCall, type Action, type TableScreen } from '../descriptors.ts';
import { fillRoute } from './actions.ts';
import type { ExportInput } from './exportXlsx.ts';
import type { Row } from './format.ts';
import { ExportButton, ReportButtons } from './lazyParts.ts';
import type { useTableFilters } from './useTableFilters.ts';

interface TableToolsProps {
  screen: TableScreen;
  params: Row;
  filters: ReturnType<typeof useTableFilters>;
  pageActions: Action[];
  onRun: (action: Action, row: Row) => void;
  options: Record<string, FilterValue>;
  /** No rows to report or export (none yet, or none match). */
  empty: boolean;
  tooLong: boolean;
  exportInput: () => ExportInput;
}

/** A page action: a link to its route, or a button that opens its confirm flow. */
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

export function TableTools({ screen, params, filters, pageActions, onRun, options, empty, tooLong, exportInput }: TableToolsProps) {
  const { t, i18n } = useTranslation();
  const { report, export: exportSpec } = screen;
  return (
    <div className="table-page-tools">
      {screen.filterSchema && (
        <button
          ref={filters.buttonRef}
          type="button"
          className={filters.open ? 'btn btn-secondary is-active' : 'btn btn-secondary'}
          aria-expanded={filters.open}
          aria-controls={filters.open ? filters.cardId : undefined}
          onClick={filters.toggle}
        >
          {t('table:filters.toggle')}
          {filters.chips.length > 0 && (
            <span className="filter-count" aria-hidden="true">
              {filters.chips.length}
            </span>
          )}
        </button>
      )}
      {pageActions.map((action) => (
        <PageActionControl key={action.id} action={action} params={params} onRun={onRun} />
      ))}
      {report && (
        <Suspense fallback={null}>
          <ReportButtons
            label={t(report.label)}
            formats={report.formats}
            disabled={empty}
            run={(format) =>
              download(resolveCall(report.api, params).path, {
                options: Object.keys(options).length ? JSON.stringify(options) : undefined,
                format,
                lang: i18n.language === 'pl' ? 'pl' : 'en',
              })
            }
          />
        </Suspense>
      )}
      {exportSpec && (
        <Suspense fallback={null}>
          <ExportButton label={t(exportSpec.label)} input={exportInput} disabled={tooLong || empty} />
        </Suspense>
      )}
    </div>
  );
}
