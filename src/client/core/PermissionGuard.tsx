// Renders its children only for a user holding any one of the permissions; otherwise the spec's warning.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '../../shared/permissionCheck.ts';
import { useSession } from './session.tsx';

interface PermissionGuardProps {
  permissions: string | readonly string[] | undefined;
  /** Only users of these types pass (besides holding a permission). */
  userTypes?: readonly string[];
  children: ReactNode;
  /** Show the access warning instead of nothing when refused. */
  showWarning?: boolean;
}

export function PermissionGuard({ permissions, userTypes, children, showWarning = true }: PermissionGuardProps) {
  const { me } = useSession();
  const { t } = useTranslation();
  if (me && hasAnyPermission(me.permissions, permissions) && (!userTypes || userTypes.includes(me.type))) return <>{children}</>;
  if (!showWarning) return null;
  return (
    <div className="notice notice-warning" role="alert">
      {t('access.refused')}
    </div>
  );
}
