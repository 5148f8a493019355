// Last line of defence: any render error shows the spec's fallback instead of a blank page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from './errorReporting.ts';

function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <div className="centered-page">
      <div className="notice notice-error" role="alert">
        {t('errorBoundary.message')}
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** When this changes (the page's address), a boundary that failed shows its children again. */
  resetKey?: string;
}

interface State {
  failed: boolean;
  resetKey?: string;
}

/** Around the whole app, and around the page below the session and alerts (router.tsx). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    reportError(error, info.componentStack ?? undefined);
  }

  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
