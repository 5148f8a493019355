// Types of the table and form descriptors of screens.json (schemas/screens.schema.json is the
// authority; `npm run validate` checks the file against it).
import type { Screen } from '../core/screens.ts';
import type { DashboardPanelKind, ReportingPeriod } from '../../shared/dashboard.ts';

type ColumnFormat = 'text' | 'money' | 'date' | 'dateTime' | 'enum' | 'boolean' | 'phone' | 'usage' | 'nameWithId' | 'json';

export interface Column {
  field: string;
  title: string;
  format?: ColumnFormat;
  sortable?: boolean;
  /** i18n key prefix for enum and boolean values: `${labels}.${value}`. */
  labels?: string;
  /** For money and usage: the row field holding the currency code, or `record.<field>` for the screen's record. */
  currencyField?: string;
  /** For usage: the row field holding the maximum. */
  maxField?: string;
  /** Shown only to users holding any one of these. */
  permissions?: string[];
  /** For enum columns: values shown as a coloured label (`success` for a collected payout, ...). */
  tones?: Record<string, Tone>;
}

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

export interface Action {
  id: string;
  label: string;
  permissions?: string[];
  /** Opens this route (`:name` filled from the row). */
  route?: string;
  /** `METHOD /api/...` (`:name` filled from the row); POST and PUT send `body`, by default `{ id: row.id }`. */
  api?: string;
  /** The body of an api action: a JSON template whose strings `:name` are the row's values (e.g. `{ "ids": [":id"] }`). */
  body?: Record<string, unknown>;
  confirm?: string;
  successMessage?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  /** Shown only on rows whose `field` equals `equals`, or is one of `in`. */
  when?: { field: string; equals?: unknown; in?: unknown[] };
  /** For route actions: list filters of the target, `{ targetFilter: rowField }`. */
  filter?: Record<string, string>;
  /** Shown only to users of these types. */
  userTypes?: string[];
  /** The api (a GET) answers a file, which is saved under the name the server gives. */
  download?: boolean;
  /** A field of the answer shown in the success dialog to copy (a new API key's secret). */
  successField?: SuccessField;
}

interface SuccessField {
  field: string;
  /** What it is and that it shows only now (an i18n key). */
  label: string;
}

/** A record shown above a table (the account of a statement), loaded with `api` (`:name` from the route). */
interface RecordDescriptor {
  api: string;
  entitySchema: string;
  columns: Column[];
}

/** A date range over a filter, chosen above the table: the last `defaultMonths` months until another is picked. */
export interface PeriodDescriptor {
  field: string;
  defaultMonths: number;
  maxMonths: number;
  /** i18n key of the text shown when the period is longer than maxMonths. */
  message: string;
}

/** The "Export to xlsx" button of a table. */
interface ExportDescriptor {
  label: string;
  /** Without .xlsx; `:name` from the route, `:from` and `:to` from the period. */
  fileName: string;
}

/** A report the server writes of the list's current filters (`GET` call answering a file), one button per format. */
interface ReportDescriptor {
  api: string;
  label: string;
  formats: ('xlsx' | 'csv')[];
}

/** One bulk action: `api` is sent `body` plus the rows (`ids`) or the filters (`options`), first without `confirm`. */
interface BulkAction {
  id: string;
  label: string;
  api: string;
  body: Record<string, unknown>;
  permissions?: string[];
}

/** Row selection and bulk actions, offered once `requiredFilter` is chosen (else `hint` says so). */
export interface BulkDescriptor {
  label: string;
  hint: string;
  requiredFilter?: string;
  actions: BulkAction[];
}

export interface EmptyMessage {
  text: string;
  permissions?: string[];
}

export interface TableScreen extends Screen {
  kind: 'table';
  api: { list: string };
  entitySchema: string;
  filterSchema?: string;
  /** ui hints of the filter card (schemas/filters/<name>.ui.json): a remote select of recipients, say. */
  filterUiSchema?: string;
  defaultOrder?: { field: string; order: 'ASC' | 'DESC' };
  columns: Column[];
  rowDetails?: RowDetails;
  pageActions?: Action[];
  rowActions?: Action[];
  backRoute?: string;
  record?: RecordDescriptor;
  period?: PeriodDescriptor;
  export?: ExportDescriptor;
  report?: ReportDescriptor;
  bulk?: BulkDescriptor;
  emptyMessages?: EmptyMessage[];
  /** Filters sent as query parameters of their own, not in `options` (a SUPER_ADMIN's customerId). */
  scopeFilters?: string[];
}

/** The details row: more fields of the row; with `load`, the item read when it opens and its `lists`. */
export interface RowDetails {
  columns: Column[];
  multiple?: boolean;
  load?: string;
  lists?: RecordList[];
}

export interface FormScreen extends Screen {
  kind: 'form';
  schema: string;
  uiSchema?: string;
  api: { load?: string; submit: string };
  successMessage?: string;
  backRoute?: string;
  /** Form field -> route parameter it is filled from. */
  prefill?: Record<string, string>;
  /** The account picker comes first; the chosen account's id goes into `field`. */
  accountStep?: { field: string };
  /** Fields of the loaded record the form does not take over (a duplicate's dates). */
  loadOmit?: string[];
  /** The fields in tabs, each shown and saved on its own (renderer/form/formTabs.ts). */
  tabs?: FormTab[];
  /** A field of the answer shown in the success dialog to copy (a new API key's secret). */
  successField?: SuccessField;
  /** Saving changes what the session shows (the customer's colour, logo, time zone): it is read again. */
  refreshesSession?: boolean;
}

export interface FormTab {
  title: string;
  fields: string[];
  /** Shown only to users holding any one of these. */
  permissions?: string[];
}

/** A spreadsheet import (schemas/screens.schema.json, importScreen). */
export interface ImportScreen extends Screen {
  kind: 'import';
  /** The import's descriptor (schemas/imports/<kind>.json): its columns and the form schema of a row. */
  descriptor: string;
  api: { submit: string; template: string };
  successMessage: string;
  backRoute?: string;
  /** The account picker comes first; the chosen account's id is sent as `field`. */
  accountStep?: { field: string };
}

/** An array field of a details screen's record, shown as a small table. */
export interface RecordList {
  field: string;
  title: string;
  columns: Column[];
  emptyMessage?: string;
}

export interface DetailsScreen extends Screen {
  kind: 'details';
  api: { load: string };
  entitySchema: string;
  fields: Column[];
  lists?: RecordList[];
  pageActions?: Action[];
  backRoute?: string;
}

/** Splits `GET /api/user/:id` into method and path with parameters filled from `values`. */
export function resolveCall(call: string, values: Record<string, unknown>): { method: string; path: string } {
  const [method, template] = call.split(' ');
  const filled = template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
  // A query parameter filled from an optional route parameter that was left out is left out too.
  const [path, query] = filled.split('?');
  const kept = query?.split('&').filter((pair) => !pair.endsWith('=')) ?? [];
  return { method, path: kept.length ? `${path}?${kept.join('&')}` : path };
}

/** One panel of a dashboard (schemas/screens.schema.json, dashboardPanel). */
export interface DashboardPanel {
  /** Unique within the screen; the panel's element id. */
  id: string;
  /** What it shows (src/shared/dashboard.ts DASHBOARD_PANELS: its call and the permissions it needs). */
  panel: DashboardPanelKind;
  title: string;
  /** Shown only to users holding any one of these, besides what its call needs. */
  permissions?: string[];
  /** `full` takes the whole row; panels are half a row wide on a wide screen otherwise. */
  width?: 'half' | 'full';
  /** A link under the panel (Account Overview: to the accounts). */
  link?: { route: string; label: string };
  /** Top Payees: how many recipients per currency. */
  limit?: number;
}

/** The overview panels with a period picker (schemas/screens.schema.json, dashboardScreen). */
export interface DashboardScreen extends Screen {
  kind: 'dashboard';
  /** The picker's kind of period when the address names none; the current one in the customer's time zone. */
  defaultPeriod: ReportingPeriod;
  panels: DashboardPanel[];
}
