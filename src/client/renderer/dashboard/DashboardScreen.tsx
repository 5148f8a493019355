// The dashboard (kind "dashboard" in screens.json): the period picker and the panels its descriptor lists, in its
// order. A panel whose call the user may not make (src/shared/dashboard.ts DASHBOARD_PANELS), or whose own
// `permissions` they lack, is left out. Each panel loads and fails on its own (Panel.tsx); the charts come in a
// chunk of their own.
import { useMemo } from 'react';
import { DASHBOARD_PANELS } from '../../../shared/dashboard.ts';
import { hasAnyPermission } from '../../../shared/permissionCheck.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { localeOf } from '../../core/language.ts';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../core/session.tsx';
import { timeZoneOf } from '../../core/timeZone.ts';
import { useTranslation } from 'react-i18next';
import type { DashboardScreen as DashboardScreenDescriptor } from '../descriptors.ts';
import { PanelFrame } from './Panel.tsx';
import { PANEL_COMPONENTS, type PanelContext } from './panels/index.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { viewName } from './periodText.ts';
import { readView, viewQuery, withPeriod, type DashboardView } from './periodAddress.ts';
import './dashboard.css';

export default function DashboardScreen({ screen }: { screen: DashboardScreenDescriptor }) {
  const { t, i18n } = useTranslation('dashboard');
  // The descriptor's keys name their namespace, or are of the common one.
  const { t: text } = useTranslation();
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const locale = localeOf(i18n.language);
  const timeZone = timeZoneOf(me);
  // One instant per visit of the address: the current period does not move while the page is open.
  const now = useMemo(() => new Date(), []);
  const view = readView(params, screen.defaultPeriod, now, timeZone);
  const title = text(screen.title);
  useDocumentTitle(title);

  const panels = screen.panels.filter(
    (panel) => hasAnyPermission(me?.permissions, DASHBOARD_PANELS[panel.panel]?.permissions) && hasAnyPermission(me?.permissions, panel.permissions),
  );
  const query = viewQuery(view, now, timeZone);
  const key = JSON.stringify(query);
  const context: PanelContext = { query, locale, params, setParams };
  const change = (next: DashboardView) => void setParams((current) => withPeriod(current, next));

  return (
    <section className="page dashboard" aria-labelledby="page-title">
      <header className="dashboard-header">
        <div>
          <h1 id="page-title" className="page-title">
            {title}
          </h1>
          <p className="muted" aria-live="polite">
            {t('period.shown', { period: viewName(view, locale, t, now, timeZone) })}
            <span className="dashboard-zone"> · {t('period.timeZone', { timeZone })}</span>
          </p>
        </div>
        <PeriodPicker view={view} timeZone={timeZone} locale={locale} now={now} defaultKind={screen.defaultPeriod} onChange={change} />
      </header>
      <div className="dashboard-grid">
        {panels.map((panel) => {
          const Content = PANEL_COMPONENTS[panel.panel];
          // Panels whose figures are not of a period keep their content when the period changes.
          const resetKey = DASHBOARD_PANELS[panel.panel].periodic ? key : '';
          return (
            <PanelFrame key={panel.id} panel={panel} resetKey={resetKey}>
              <Content panel={panel} context={context} />
            </PanelFrame>
          );
        })}
      </div>
    </section>
  );
}
