// Renders one screens.json entry behind its permission guard (it joins the generic renderer and the
// hand-written pages, so it lives beside the router rather than in either): kinds "table", "form", "details", "import" and "dashboard" go
// to the generic renderer (each loaded on first use), kind "custom" picks a registered component by name.
import { Suspense, use } from 'react';
import { dashboardScreenChunk, detailsScreenChunk, formScreenChunk, importScreenChunk, tableScreenChunk } from './renderer/chunks.ts';
import { lazyWithReload, type PreloadableComponent } from './core/lazyWithReload.ts';
import { PermissionGuard } from './core/PermissionGuard.tsx';
import { completeScreen, isComplete, type Screen } from './core/screens.ts';
import { registry } from './pages/registry.ts';
import type { ScreenProps } from './pages/screenProps.ts';
import { FullPageLoader } from './ui/FullPageLoader.tsx';
import type { DashboardScreen as DashboardScreenDescriptor, DetailsScreen as DetailsScreenDescriptor, FormScreen as FormScreenDescriptor, ImportScreen as ImportScreenDescriptor, TableScreen as TableScreenDescriptor } from './renderer/descriptors.ts';

const TableScreen = lazyWithReload(tableScreenChunk);
const FormScreen = lazyWithReload(formScreenChunk);
const DetailsScreen = lazyWithReload(detailsScreenChunk);
const ImportScreen = lazyWithReload(importScreenChunk);
const DashboardScreen = lazyWithReload(dashboardScreenChunk);

const customScreens = new Map<string, PreloadableComponent<ScreenProps>>();

/** The component of a kind "custom" screen (Placeholder for a name the registry lacks), made once per name. */
function customScreen(name: string | undefined): PreloadableComponent<ScreenProps> {
  const key = name && Object.hasOwn(registry, name) ? name : 'Placeholder';
  let component = customScreens.get(key);
  if (!component) {
    component = lazyWithReload(registry[key]);
    customScreens.set(key, component);
  }
  return component;
}

function ScreenContent({ screen }: { screen: Screen }) {
  // Its preload brought the rest of the descriptor (core/screens.ts); a preload that failed is retried here.
  if (!isComplete(screen)) use(completeScreen(screen));
  if (screen.kind === 'table') return <TableScreen screen={screen as TableScreenDescriptor} />;
  if (screen.kind === 'form') return <FormScreen screen={screen as FormScreenDescriptor} />;
  if (screen.kind === 'details') return <DetailsScreen screen={screen as DetailsScreenDescriptor} />;
  if (screen.kind === 'import') return <ImportScreen screen={screen as ImportScreenDescriptor} />;
  if (screen.kind === 'dashboard') return <DashboardScreen screen={screen as DashboardScreenDescriptor} />;
  const Component = customScreen(screen.component);
  return <Component screen={screen} />;
}

export function ScreenRenderer({ screen }: { screen: Screen }) {
  return (
    <PermissionGuard permissions={screen.permissions} userTypes={screen.userTypes}>
      <Suspense fallback={<FullPageLoader inPanel />}>
        <ScreenContent screen={screen} />
      </Suspense>
    </PermissionGuard>
  );
}
