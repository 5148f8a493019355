// /panel and everything under it: the login page without a session, the panel shell with one.
import { Suspense } from 'react';
import { useSession } from '../../core/session.tsx';
import { loginPageChunk, panelShellChunk } from '../chunks.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';

const LoginPage = lazyWithReload(loginPageChunk);
const PanelShell = lazyWithReload(panelShellChunk);

export function PanelGate() {
  const { status } = useSession();
  if (status === 'loading') return <FullPageLoader />;
  return <Suspense fallback={<FullPageLoader />}>{status === 'authenticated' ? <PanelShell /> : <LoginPage />}</Suspense>;
}
