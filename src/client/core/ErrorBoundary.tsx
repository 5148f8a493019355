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

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
