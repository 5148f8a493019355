// The component of each panel kind (src/shared/dashboard.ts DASHBOARD_PANELS), and what every panel is given.
import type { ComponentType } from 'react';
import type { DashboardPanelKind } from '../../../../shared/dashboard.ts';
import type { AmountLocale } from '../../../../shared/money.ts';
import type { SetURLSearchParams as SetSearchParams } from 'react-router-dom';
import type { DashboardPanel } from '../../descriptors.ts';
import { AccountOverview } from './AccountOverview.tsx';
import { AveragePayout } from './AveragePayout.tsx';
import { CollectionRates } from './CollectionRates.tsx';
import { PayoutsOverview } from './PayoutsOverview.tsx';
import { PortalLinks } from './PortalLinks.tsx';
import { SelectedPrograms } from './SelectedPrograms.tsx';
import { TopPayees } from './TopPayees.tsx';

export interface PanelContext {
  /** The period as the summaries' query string takes it: a calendar period, or a date range's two instants. */
  query: Record<string, string | number | undefined>;
  locale: AmountLocale;
  /** The address's parameters (Selected Programs keeps its choice there). */
  params: URLSearchParams;
  setParams: SetSearchParams;
}

export interface PanelProps {
  panel: DashboardPanel;
  context: PanelContext;
}

export const PANEL_COMPONENTS: Record<DashboardPanelKind, ComponentType<PanelProps>> = {
  accountOverview: AccountOverview,
  payoutsOverview: PayoutsOverview,
  selectedPrograms: SelectedPrograms,
  topPayees: TopPayees,
  averagePayout: AveragePayout,
  collectionRates: CollectionRates,
  portalLinks: PortalLinks,
};
