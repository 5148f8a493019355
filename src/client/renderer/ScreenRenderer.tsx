// Renders one screens.json entry behind its permission guard. Kind "custom" picks a registered
// component by name; "table" and "form" show the placeholder until the generic renderer exists.
import { Suspense } from 'react';
import { PermissionGuard } from '../core/PermissionGuard.tsx';
import type { Screen } from '../core/screens.ts';
import { registry } from '../pages/registry.ts';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';

function componentFor(screen: Screen) {
  if (screen.kind === 'custom' && screen.component && registry[screen.component]) return registry[screen.component];
  return registry.Placeholder;
}

export function ScreenRenderer({ screen }: { screen: Screen }) {
  const Component = componentFor(screen);
  return (
    <PermissionGuard permissions={screen.permissions}>
      <Suspense fallback={<FullPageLoader inPanel />}>
        <Component screen={screen} />
      </Suspense>
    </PermissionGuard>
  );
}
