// Asks /api/status before anything else: loader, then the app or the technical-break screen.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DefaultLogo } from '../ui/Logo.tsx';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { api } from './api.ts';
import { isServiceOpen } from './technicalBreak.ts';

type GateState = 'checking' | 'open' | 'break';

export function TechnicalBreakScreen() {
  const { t } = useTranslation();
  return (
    <main className="centered-page">
      <div className="card card-narrow text-center">
        <DefaultLogo className="logo-large" />
        <h1 className="page-title">{t('technicalBreak.title')}</h1>
        <p>{t('technicalBreak.message')}</p>
      </div>
    </main>
  );
}

export function TechnicalBreakGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GateState>('checking');
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<unknown>('/status', { quiet: true, signal: controller.signal })
      .then((status) => setState(isServiceOpen(status) ? 'open' : 'break'))
      .catch(() => {
        if (!controller.signal.aborted) setState('break');
      });
    return () => controller.abort();
  }, []);
  if (state === 'checking') return <FullPageLoader />;
  if (state === 'break') return <TechnicalBreakScreen />;
  return <>{children}</>;
}
