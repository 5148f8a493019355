// The technical-break gate: the app when /api/status says the service is open, else the break screen.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DefaultLogo } from '../ui/Logo.tsx';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { api } from './api.ts';
import { isServiceOpen } from './technicalBreak.ts';
import type { ServiceState } from './boot.ts';

type GateState = 'checking' | 'open' | 'break';

function TechnicalBreakScreen() {
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

/** The app, or the technical-break screen. `initial` is the start-up answer (core/boot.ts); without one the gate asks. */
export function TechnicalBreakGate({ children, initial }: { children: ReactNode; initial?: ServiceState }) {
  const [state, setState] = useState<GateState>(initial ?? 'checking');
  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    api
      .get<unknown>('/status', { quiet: true, signal: controller.signal })
      .then((status) => setState(isServiceOpen(status) ? 'open' : 'break'))
      .catch(() => {
        if (!controller.signal.aborted) setState('break');
      });
    return () => controller.abort();
  }, [initial]);
  if (state === 'checking') return <FullPageLoader />;
  if (state === 'break') return <TechnicalBreakScreen />;
  return <>{children}</>;
}
