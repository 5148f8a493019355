// Which page and row actions and which columns a user sees, and what fills a route. Pure functions. Where an action
// leads and what it sends are in actionTargets.ts, loaded with the row menu and the confirm flow.
import { hasAnyPermission } from '../../../shared/permissionCheck.ts';
import type { Action, Column, EmptyMessage } from '../descriptors.ts';
import { valueAt, type Row } from './format.ts';

/** `when` decides per row: the action shows only where the row's field equals the value, or is one of `in`. */
export function matchesRow(action: Action, row: Row): boolean {
  if (!action.when) return true;
  const value = valueAt(row, action.when.field);
  return action.when.in ? action.when.in.some((candidate) => candidate === value) : value === action.when.equals;
}

/** Held permissions decide (any one of `permissions`), and the user's type where `userTypes` limits it; with a row, `when` decides too. */
export function visibleActions(actions: readonly Action[] | undefined, permissions: readonly string[] | undefined, row?: Row, userType?: string): Action[] {
  return (actions ?? []).filter(
    (action) =>
      hasAnyPermission(permissions, action.permissions) &&
      (!action.userTypes || (userType !== undefined && action.userTypes.includes(userType))) &&
      (!row || matchesRow(action, row)),
  );
}

/** Fills `:name` of a route from the row. */
export function fillRoute(route: string, values: Row): string {
  return route.replace(/:([A-Za-z_][A-Za-z0-9_]*)\??/g, (_, name: string) => encodeURIComponent(String(valueAt(values, name) ?? '')));
}

/** The columns a user sees: those without `permissions`, and those whose permissions they hold any one of. */
export function visibleColumns<C extends Column>(columns: readonly C[], permissions: readonly string[] | undefined): C[] {
  return columns.filter((column) => !column.permissions?.length || hasAnyPermission(permissions, column.permissions));
}

/** What an empty list says: the first of `messages` whose permissions the user holds (none: everybody). */
export function emptyMessageFor(messages: readonly EmptyMessage[] | undefined, permissions: readonly string[] | undefined): string | undefined {
  return messages?.find((message) => !message.permissions?.length || hasAnyPermission(permissions, message.permissions))?.text;
}

/** Whether filters narrow the list beyond where it belongs: any filter but the scope filters and the period. */
export function isNarrowed(options: Record<string, unknown>, unnarrowing: readonly (string | undefined)[]): boolean {
  return Object.keys(options).some((field) => !unnarrowing.includes(field));
}
