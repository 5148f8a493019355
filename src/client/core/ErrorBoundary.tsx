// Last line of defence: any render error shows the spec's fallback instead of a blank page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from './useTranslation.ts';

export function ErrorFallback() {
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
  /** Shown instead of the children once they failed; ErrorFallback when not given. */
  fallback?: ReactNode;
  /** A new value clears the failure and renders the children again (the router passes the location). */
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  resetKey?: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): State | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback === undefined ? <ErrorFallback /> : this.props.fallback;
  }
}
