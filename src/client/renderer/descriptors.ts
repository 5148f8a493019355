// Types of the screen descriptors of screens.json, generated from schemas/screens.schema.json (the authority;
// `npm run validate` checks the file against it and reports a stale generated file), and the call they name.
import type { EmptyMessages, FormScreen, Period, TableScreen } from './generated/screens.ts';

export type {
  Action,
  Column,
  DashboardPanel,
  DashboardScreen,
  DetailsScreen,
  FormScreen,
  ImportScreen,
  RecordList,
  RowDetails,
  TableScreen,
} from './generated/screens.ts';

/** A date range over a filter, chosen above the table: the last `defaultMonths` months until another is picked. */
export type PeriodDescriptor = Period;

/** Row selection and bulk actions, offered once `requiredFilter` is chosen (else `hint` says so). */
export type BulkDescriptor = NonNullable<TableScreen['bulk']>;

export type EmptyMessage = EmptyMessages[number];

/** The fields in tabs, each shown and saved on its own (renderer/form/formTabs.ts). */
export type FormTab = NonNullable<FormScreen['tabs']>[number];

/** Splits `GET /api/user/:id` into method and path with parameters filled from `values`. */
export function resolveCall(call: string, values: Record<string, unknown>): { method: string; path: string } {
  const [method, template] = call.split(' ');
  const filled = template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
  // A query parameter filled from an optional route parameter that was left out is left out too.
  const [path, query] = filled.split('?');
  const kept = query?.split('&').filter((pair) => !pair.endsWith('=')) ?? [];
  return { method, path: kept.length ? `${path}?${kept.join('&')}` : path };
}
