// Which page and row actions a user sees, and where a route action leads. Pure functions.
import { writeListQuery, type FilterValue } from '../../../shared/list-query.ts';
import { hasAnyPermission } from '../../../shared/permissions.ts';
import type { Action, Column, EmptyMessage } from '../descriptors.ts';
import { valueAt, type Row } from './format.ts';

/** `when` decides per row: the action shows only where the row's field equals the value, or is one of `in`. */
export function matchesRow(action: Action, row: Row): boolean {
  if (!action.when) return true;
  const value = valueAt(row, action.when.field);
  return action.when.in ? action.when.in.some((candidate) => candidate === value) : value === action.when.equals;
}

/** A body template with its `:name` strings replaced by the row's values (arrays and objects followed). */
export function fillBody(template: unknown, row: Row): unknown {
  if (typeof template === 'string') return /^:[A-Za-z_][A-Za-z0-9_.]*$/.test(template) ? valueAt(row, template.slice(1)) : template;
  if (Array.isArray(template)) return template.map((item) => fillBody(item, row));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillBody(value, row)]));
  return template;
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

/** The address a route action opens: its route, plus the target list's filters taken from the row. */
export function actionHref(action: Action, row: Row): string {
  const path = fillRoute(action.route ?? '', row);
  if (!action.filter) return path;
  const options: Record<string, FilterValue> = {};
  for (const [target, field] of Object.entries(action.filter)) options[target] = valueAt(row, field) as FilterValue;
  const search = writeListQuery({ options }).toString();
  return search ? `${path}?${search}` : path;
}

/** The request an api action sends: POST/PUT/PATCH carry its `body` (by default `{ id }`), `:name` comes from the row. */
export function actionRequest(action: Action, row: Row): { method: string; path: string; body?: unknown } {
  const [method, template] = (action.api ?? '').split(' ');
  const path = fillRoute(template ?? '', row);
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return withBody ? { method, path, body: action.body ? fillBody(action.body, row) : { id: row.id } } : { method, path };
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
