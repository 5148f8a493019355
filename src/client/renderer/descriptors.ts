// Types of the table and form descriptors of screens.json (schemas/screens.schema.json is the
// authority; `npm run validate` checks the file against it).
import type { Screen } from '../core/screens.ts';

export type ColumnFormat = 'text' | 'money' | 'date' | 'dateTime' | 'enum' | 'boolean' | 'phone' | 'usage';

export interface Column {
  field: string;
  title: string;
  format?: ColumnFormat;
  sortable?: boolean;
  /** i18n key prefix for enum and boolean values: `${labels}.${value}`. */
  labels?: string;
  /** For money and usage: the row field holding the currency code. */
  currencyField?: string;
  /** For usage: the row field holding the maximum. */
  maxField?: string;
}

export interface Action {
  id: string;
  label: string;
  permissions?: string[];
  /** Opens this route (`:name` filled from the row). */
  route?: string;
  /** `METHOD /api/...` (`:name` filled from the row); POST and PUT send `{ id: row.id }`. */
  api?: string;
  confirm?: string;
  successMessage?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  /** Shown only on rows whose `field` equals `equals`. */
  when?: { field: string; equals: unknown };
  /** For route actions: list filters of the target, `{ targetFilter: rowField }`. */
  filter?: Record<string, string>;
}

export interface TableScreen extends Screen {
  kind: 'table';
  api: { list: string };
  entitySchema: string;
  filterSchema?: string;
  defaultOrder?: { field: string; order: 'ASC' | 'DESC' };
  columns: Column[];
  rowDetails?: { columns: Column[]; multiple?: boolean };
  pageActions?: Action[];
  rowActions?: Action[];
  backRoute?: string;
}

export interface FormScreen extends Screen {
  kind: 'form';
  schema: string;
  uiSchema?: string;
  api: { load?: string; submit: string };
  successMessage?: string;
  backRoute?: string;
}

/** Splits `GET /api/user/:id` into method and path with parameters filled from `values`. */
export function resolveCall(call: string, values: Record<string, unknown>): { method: string; path: string } {
  const [method, template] = call.split(' ');
  const path = template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
  return { method, path };
}
