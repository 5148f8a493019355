// Where a row action leads and what it sends, from the row: read by the row's actions menu and the confirm flow, both
// loaded after the table, so this is not part of the table's first load. Pure functions.
import { writeListQuery, type FilterValue } from '../../../shared/list-query.ts';
import type { Action } from '../descriptors.ts';
import { fillRoute } from './actions.ts';
import { valueAt, type Row } from './format.ts';

/** A body template with its `:name` strings replaced by the row's values (arrays and objects followed). */
export function fillBody(template: unknown, row: Row): unknown {
  if (typeof template === 'string') return /^:[A-Za-z_][A-Za-z0-9_.]*$/.test(template) ? valueAt(row, template.slice(1)) : template;
  if (Array.isArray(template)) return template.map((item) => fillBody(item, row));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillBody(value, row)]));
  return template;
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
