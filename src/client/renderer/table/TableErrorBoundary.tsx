// A render failure inside a table page shows the spec's text in place of the table; the rest of
// the panel (navigation, header) stays usable.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function TableFailure() {
  const { t } = useTranslation('table');
  return (
    <div className="notice notice-error" role="alert">
      {t('table.renderFailed')}
    </div>
  );
}

interface Props {
  /** A new value (another address) tries rendering again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: string;
}

export class TableErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <TableFailure /> : this.props.children;
  }
}
