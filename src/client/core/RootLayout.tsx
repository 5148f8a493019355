// Everything that needs the router and lives on every page: session, 5xx alert, authorization dialog, and after the
// first paint the test deployment's banner and error reporting (DeploymentParts.tsx).
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { useLoadedAfterPaint } from './afterPaint.ts';
import { AuthorizationHost } from './AuthorizationHost.tsx';
import { chunk } from './chunk.ts';
import { lazyWithReload } from './lazyWithReload.ts';
import { ServerErrorAlert } from './ServerErrorAlert.tsx';
import { SessionProvider } from './session.tsx';

const deploymentChunk = chunk(() => import('./DeploymentParts.tsx'));
const DeploymentParts = lazyWithReload(deploymentChunk);

export function RootLayout() {
  const deploymentLoaded = useLoadedAfterPaint(deploymentChunk);
  return (
    <SessionProvider>
      {deploymentLoaded && <DeploymentParts />}
      <ServerErrorAlert />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <AuthorizationHost />
    </SessionProvider>
  );
}
