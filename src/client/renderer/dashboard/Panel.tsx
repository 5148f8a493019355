// One dashboard panel: a titled card whose content loads on its own (a skeleton meanwhile) and fails on its own
// (the spec's 'Something went wrong. Please try again.' with Try again), so one failing summary leaves the other
// panels as they are.
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DashboardPanel } from '../descriptors.ts';

function PanelSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dashboard-skeleton">
      <span className="visually-hidden" role="status">
        {t('panel.loading')}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

function PanelFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dashboard-failure" role="alert">
      <p>{t('panel.failed')}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('panel.tryAgain')}
      </button>
    </div>
  );
}

interface BoundaryProps {
  /** Another period tries again. */
  resetKey: string;
  onReset: () => void;
  children: ReactNode;
}

class PanelBoundary extends Component<BoundaryProps, { failed: boolean; resetKey: string }> {
  state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  retry = () => {
    this.props.onReset();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? <PanelFailure onRetry={this.retry} /> : this.props.children;
  }
}

export function PanelFrame({ panel, resetKey, children }: { panel: DashboardPanel; resetKey: string; children: ReactNode }) {
  // The descriptor's keys name their namespace, or are of the common one.
  const { t } = useTranslation();
  const titleId = `${panel.id}-title`;
  return (
    <section id={panel.id} className={panel.width === 'full' ? 'card dashboard-panel dashboard-panel-full' : 'card dashboard-panel'} aria-labelledby={titleId}>
      <h2 id={titleId} className="dashboard-panel-title">
        {t(panel.title)}
      </h2>
      <QueryErrorResetBoundary>
        {({ reset }) => (
          <PanelBoundary resetKey={resetKey} onReset={reset}>
            <Suspense fallback={<PanelSkeleton />}>{children}</Suspense>
          </PanelBoundary>
        )}
      </QueryErrorResetBoundary>
      {panel.link && (
        <p className="dashboard-panel-link">
          <Link to={panel.link.route}>{t(panel.link.label)}</Link>
        </p>
      )}
    </section>
  );
}
