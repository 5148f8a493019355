// Renders one screens.json entry behind its permission guard (it joins the generic renderer and the
// hand-written pages, so it lives beside the router rather than in either): kind "table" and "form" go to the
// generic renderer (each loaded on first use), kind "custom" picks a registered component by name.
import { Suspense } from 'react';
import { lazyWithReload } from './core/lazyWithReload.ts';
import { PermissionGuard } from './core/PermissionGuard.tsx';
import type { Screen } from './core/screens.ts';
import { registry } from './pages/registry.ts';
import { FullPageLoader } from './ui/FullPageLoader.tsx';
import type { FormScreen as FormScreenDescriptor, TableScreen as TableScreenDescriptor } from './renderer/descriptors.ts';

export const TableScreen = lazyWithReload(() => import('./renderer/table/TableScreen.tsx'));
export const FormScreen = lazyWithReload(() => import('./renderer/form/FormScreen.tsx'));

function ScreenContent({ screen }: { screen: Screen }) {
  if (screen.kind === 'table') return <TableScreen screen={screen as TableScreenDescriptor} />;
  if (screen.kind === 'form') return <FormScreen screen={screen as FormScreenDescriptor} />;
  const Component = (screen.component && registry[screen.component]) || registry.Placeholder;
  return <Component screen={screen} />;
}

export function ScreenRenderer({ screen }: { screen: Screen }) {
  return (
    <PermissionGuard permissions={screen.permissions}>
      <Suspense fallback={<FullPageLoader inPanel />}>
        <ScreenContent screen={screen} />
      </Suspense>
    </PermissionGuard>
  );
}
