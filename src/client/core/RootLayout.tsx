// Everything that needs the router and lives on every page: session, 5xx alert, authorization dialog.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { AuthorizationHost } from './AuthorizationHost.tsx';
import { ServerErrorAlert } from './ServerErrorAlert.tsx';
import { SessionProvider } from './session.tsx';

export function RootLayout() {
  return (
    <SessionProvider>
      <ServerErrorAlert />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <AuthorizationHost />
    </SessionProvider>
  );
}
