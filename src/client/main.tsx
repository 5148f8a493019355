// The entry: start-up requests, the first screen's code and the texts all start at once; React
// renders when they are in, so the first paint is the screen itself (index.html shows a loader until then).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { seedSession, startBoot } from './core/boot.ts';
import { initI18n } from './core/i18n.ts';
import { createQueryClient } from './core/queryClient.ts';
import { preloadRoute } from './preload.ts';
import './styles.css';

const boot = startBoot();
const queryClient = createQueryClient();
const texts = initI18n();
const code = preloadRoute(window.location, queryClient, boot.token !== null).catch(() => undefined);

function render(serviceState: Awaited<typeof boot.status>) {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} serviceState={serviceState} />
    </StrictMode>,
  );
}

// Each part settles whatever happens (a failure is the app's to show once it runs), so the app always renders.
void Promise.all([boot.status, boot.me, Promise.resolve(texts).catch(() => undefined), code]).then(([serviceState, me]) => {
  seedSession(queryClient, boot.token, me);
  render(serviceState);
});
