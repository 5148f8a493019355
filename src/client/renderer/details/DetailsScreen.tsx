// A "details" screen of screens.json: one record loaded with api.load (`:name` from the route) shown read-only, its
// `fields` formatted like table cells and its `lists` (arrays inside the record) as small tables, under a header with
// the back button and the page actions (`:name` of their routes and their `when` read from the record).
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { api } from '../../core/api.ts';
import { ApiError } from '../../core/apiError.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { Link, useParams } from 'react-router-dom';
import { useSession } from '../../core/session.tsx';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { resolveCall, type Action, type DetailsScreen as DetailsScreenDescriptor } from '../descriptors.ts';
import { RecordListView, RecordView } from '../record/RecordView.tsx';
import { PageHeading } from '../table/PageHeading.tsx';
import { ActionDialog } from '../table/ActionDialog.tsx';
import { fillRoute, visibleActions, visibleColumns } from '../table/actions.ts';
import { showsDates, TimeZoneNote } from '../table/TimeZoneNote.tsx';
import type { Row } from '../table/format.ts';
import '../table/table.css';

/** What the screen says when its record could not be loaded. */
function loadFailure(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (error instanceof ApiError && error.status === 403) return t('access.refused');
  if (error instanceof ApiError && error.code) return errorMessage(t, error.code, error.message);
  return t('form:loadFailed');
}

function recordQueryOptions(path: string) {
  return { queryKey: ['record', path] as const, queryFn: ({ signal }: { signal?: AbortSignal }) => api.get<Row>(path, { signal }) };
}

export default function DetailsScreen({ screen }: { screen: DetailsScreenDescriptor }) {
  const { t } = useTranslation();
  const title = t(screen.title);
  useDocumentTitle(title);
  const { me } = useSession();
  const params = useParams();
  const idPrefix = useId();
  const { path } = resolveCall(screen.api.load, params);
  const record = useQuery(recordQueryOptions(path));
  const [running, setRunning] = useState<Action | null>(null);

  const permissions = me?.permissions;
  const fields = useMemo(() => visibleColumns(screen.fields, permissions), [screen.fields, permissions]);
  const data = record.data;
  const actions = useMemo(() => (data ? visibleActions(screen.pageActions, permissions, data, me?.type) : []), [screen.pageActions, permissions, data, me?.type]);

  return (
    <section className="page details-page" aria-labelledby="page-title">
      <header className="table-page-header">
        <PageHeading title={title} backRoute={screen.backRoute}>
          {showsDates([...fields, ...(screen.lists ?? []).flatMap((list) => list.columns)]) && <TimeZoneNote />}
        </PageHeading>
        {actions.length > 0 && (
          <div className="table-page-tools">
            {actions.map((action) =>
              action.route ? (
                <Link key={action.id} className={`btn btn-${action.variant ?? 'secondary'}`} to={fillRoute(action.route, data!)}>
                  {t(action.label)}
                </Link>
              ) : (
                <button key={action.id} type="button" className={`btn btn-${action.variant ?? 'secondary'}`} onClick={() => setRunning(action)}>
                  {t(action.label)}
                </button>
              ),
            )}
          </div>
        )}
      </header>
      {record.isError && <Alert>{loadFailure(record.error, t)}</Alert>}
      {!record.isError && !data && <FullPageLoader inPanel />}
      {data && (
        <>
          <div className="card">
            <RecordView columns={fields} data={data} label={title} />
          </div>
          {(screen.lists ?? []).map((list, index) => (
            <RecordListView key={list.field} list={list} columns={visibleColumns(list.columns, permissions)} data={data} headingId={`${idPrefix}-list-${index}`} />
          ))}
        </>
      )}
      {running && data && <ActionDialog action={running} row={data} onDone={() => void record.refetch()} onClose={() => setRunning(null)} />}
    </section>
  );
}
