// "remoteSelect": a select whose options come from a list call of the API. ui:options:
// - source ("GET /api/customer"), valueField (default "id"), labelField (default "name") or labelFields (several,
//   joined by spaces: a recipient's "firstName lastName phoneNumber"); the other select options apply too.
// - search: the list's free-text filter. The options are then asked for as the user types (the first
//   REMOTE_PAGE rows matching), so a list of any length can be chosen from; without it the first 100 rows by label
//   are read once per source and shared by every field naming the same source.
// - item ("GET /api/payout/recipient/:id"): reads the label of a value that is not among the rows (a duplicated
//   form's recipient) by its id.
// - accountFilter { field, filter, attribute? }: only rows whose `filter` is the chosen account's `attribute` (default
//   the filter's name), the account being the one whose id form field `field` holds: a payout's programs in its
//   account's currency.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../core/api.ts';
import { MAX_LIMIT, SEARCH_FILTER, type FilterValue } from '../../../shared/list-query.ts';
import { useAccounts } from '../accounts/accounts.ts';
import { resolveCall } from '../descriptors.ts';
import { formContextOf } from './context.ts';
import { uiOption } from './fieldIds.ts';
import { Combobox } from './select/Combobox.tsx';
import { comboboxProps } from './select/widgetProps.ts';
import type { SelectOption } from './select/options.ts';

type Row = Record<string, unknown>;

/** Rows asked for per typed text. */
const REMOTE_PAGE = 20;
/** Typing settles for this long before the API is asked. */
const SEARCH_DELAY_MS = 250;

const cache = new Map<string, Promise<Row[]>>();
const CACHE_SIZE = 200;

/** The rows of one list call, shared while the page lives; a failed call is tried again next time. */
function loadRows(source: string, orderBy: string, filters: Record<string, FilterValue> = {}, limit = MAX_LIMIT): Promise<Row[]> {
  const key = JSON.stringify([source, orderBy, filters, limit]);
  let rows = cache.get(key);
  if (!rows) {
    const { path } = resolveCall(source, {});
    const options = Object.keys(filters).length ? filters : undefined;
    rows = api.list<Row>(path, { page: 1, limit, orderBy, order: 'ASC', options }).then((result) => result.items);
    rows.catch(() => cache.delete(key));
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, rows);
  }
  return rows;
}

interface AccountFilter {
  field: string;
  filter: string;
  attribute?: string;
}

function labelOf(row: Row, fields: readonly string[], valueField: string): string {
  return fields.map((field) => row[field]).filter((v) => v !== null && v !== undefined && v !== '').join(' ') || String(row[valueField]);
}

const NO_FILTERS: Record<string, FilterValue> = {};

export default function RemoteSelectWidget(props: WidgetProps) {
  return uiOption<AccountFilter>(props, 'accountFilter') ? <AccountFilteredSelect {...props} /> : <RemoteSelect {...props} filters={NO_FILTERS} />;
}

/** The rows that match the chosen account (ui:options.accountFilter); none are asked for until the account is known. */
function AccountFilteredSelect(props: WidgetProps) {
  const spec = uiOption<AccountFilter>(props, 'accountFilter')!;
  const chosen = formContextOf(props.registry).formData[spec.field];
  const accounts = useAccounts();
  const account = accounts.data?.find((candidate) => candidate.id === chosen) as Record<string, unknown> | undefined;
  const value = account?.[spec.attribute ?? spec.filter];
  let filters: Record<string, FilterValue> | null = null;
  if (value !== undefined && value !== null) filters = { [spec.filter]: [value as string | number] };
  else if (accounts.data && (chosen === undefined || chosen === null)) filters = NO_FILTERS;
  return <RemoteSelect {...props} filters={filters} />;
}

function RemoteSelect({ filters: accountFilters, ...props }: WidgetProps & { filters: Record<string, FilterValue> | null }) {
  const { t } = useTranslation();
  const source = uiOption<string>(props, 'source');
  const valueField = uiOption<string>(props, 'valueField') ?? 'id';
  const labelFields = uiOption<string[]>(props, 'labelFields');
  const labelField = labelFields?.[0] ?? uiOption<string>(props, 'labelField') ?? 'name';
  const fields = useMemo(() => labelFields ?? [labelField], [labelFields?.join(','), labelField]);
  const searchFilter = uiOption<string>(props, 'search');
  const item = uiOption<string>(props, 'item');
  const filtersKey = JSON.stringify(accountFilters);

  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<SelectOption[] | null>(null);
  // Labels of values chosen or read, so the chosen value keeps its label whatever the current search shows.
  const known = useRef(new Map<unknown, string>());
  const [, setKnownVersion] = useState(0);

  useEffect(() => {
    if (!source || accountFilters === null) return;
    let alive = true;
    const text = searchFilter ? query.trim() : '';
    const filters: Record<string, FilterValue> = { ...accountFilters, ...(text ? { [searchFilter ?? SEARCH_FILTER]: text } : {}) };
    const timer = setTimeout(
      () =>
        loadRows(source, labelField, filters, searchFilter ? REMOTE_PAGE : MAX_LIMIT).then(
          (rows) => {
            if (!alive) return;
            const next = rows.map((row) => ({ value: row[valueField], label: labelOf(row, fields, valueField) }));
            for (const option of next) known.current.set(option.value, option.label);
            setOptions(next);
          },
          () => alive && setOptions([]),
        ),
      text ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // accountFilters is compared by its JSON.
  }, [source, valueField, labelField, fields, searchFilter, query, filtersKey]);

  // A chosen value no row shows (a duplicated form's recipient) is read by its id.
  const value = props.value as unknown;
  useEffect(() => {
    if (!item || (typeof value !== 'number' && typeof value !== 'string') || value === '' || known.current.has(value)) return;
    let alive = true;
    api.get<Row>(resolveCall(item, { [valueField]: value, id: value }).path).then(
      (row) => {
        if (!alive) return;
        known.current.set(value, labelOf(row, fields, valueField));
        setKnownVersion((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [item, value, valueField, fields]);

  const values = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  const chosen = values.map((v: unknown) => ({ value: v, label: known.current.get(v) ?? String(v) }));
  return (
    <Combobox
      {...comboboxProps(props)}
      options={options ?? []}
      chosen={chosen}
      onQueryChange={searchFilter ? (text) => setQuery(text ?? '') : undefined}
      placeholder={options === null ? t('common.loading') : undefined}
    />
  );
}
