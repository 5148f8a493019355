// What of a list screen the user may see and use: the page, row and bulk actions their permissions (and user type)
// allow, and the columns of the list and of its record they may read. Row actions' `when` is checked per row. A tuple
// (page actions, row actions, columns, record columns, bulk actions): names in an object would weigh in the bundle.
import { useMemo } from 'react';
import { hasAnyPermission } from '../../../shared/permissionCheck.ts';
import type { TableScreen } from '../descriptors.ts';
import { visibleActions, visibleColumns } from './actions.ts';

export function useAllowedParts(screen: TableScreen, permissions: readonly string[] | undefined, userType: string | undefined) {
  const pageActions = useMemo(() => visibleActions(screen.pageActions, permissions, undefined, userType), [screen.pageActions, permissions, userType]);
  const rowActions = useMemo(() => visibleActions(screen.rowActions, permissions, undefined, userType), [screen.rowActions, permissions, userType]);
  const columns = useMemo(() => visibleColumns(screen.columns, permissions), [screen.columns, permissions]);
  const recordColumns = useMemo(() => (screen.record ? visibleColumns(screen.record.columns, permissions) : []), [screen.record, permissions]);
  const bulkActions = useMemo(() => (screen.bulk ? screen.bulk.actions.filter((a) => hasAnyPermission(permissions, a.permissions)) : []), [screen.bulk, permissions]);
  return [pageActions, rowActions, columns, recordColumns, bulkActions] as const;
}
