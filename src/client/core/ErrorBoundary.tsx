// Last line of defence: any render error shows the spec's fallback instead of a blank page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
}

interface State {
  failed: boolean;
}

/** Around the whole app; a route's failures show its errorElement (router.tsx), which is ErrorFallback too. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
