// The filters of a list screen: the card's open state and its toggle, the filter schema and ui hints it shows (read
// only once a filter is set or the card opens), the active filters as chips, and what applying, clearing or removing
// a filter writes to the address. Filters that only say where the list belongs (scope filters, the period) do not
// count as narrowing it; the period shows in its bar, not as a chip nor in the card, and stays when filters are cleared.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { compactOptions, type FilterValue, type ListQuery } from '../../../shared/list-query.ts';
import type { AmountLocale } from '../../../shared/money.ts';
import type { TableScreen } from '../descriptors.ts';
import { loadSchemaFile, useSchemaRevision, type JsonSchema } from '../schemas.ts';
import { isNarrowed } from './actions.ts';
import { api } from '../../core/api.ts';
import type { Translate } from './format.ts';
import type { useListAddress } from './useListAddress.ts';

type Address = ReturnType<typeof useListAddress>;

/** The filter schema without the period's field (the period bar sets it, not the filter card). */
function withoutProperty(schema: JsonSchema | undefined, name: string | undefined): JsonSchema | undefined {
  if (!schema || !name || !schema.properties?.[name]) return schema;
  const properties = { ...schema.properties };
  delete properties[name];
  return { ...schema, properties };
}

/** `query` is the address's view with the default period in it; `address` the address itself. */
export function useTableFilters(screen: TableScreen, query: ListQuery, { query: addressQuery, update }: Address, t: Translate, locale: AmountLocale, timeZone: string) {
  const period = screen.period;
  const unnarrowing = useMemo(() => [...(screen.scopeFilters ?? []), period?.field], [screen.scopeFilters, period]);
  const cardOptions = useMemo(() => {
    if (!period) return query.options;
    const rest: Record<string, FilterValue> = { ...query.options };
    delete rest[period.field];
    return rest;
  }, [query.options, period]);

  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const cardId = useId();
  const hasFilters = Object.keys(cardOptions).length > 0;
  // The small filter-schema file names the chips; the form engine is not needed for that.
  const filterSchema = useQuery({
    queryKey: ['schemaFile', screen.filterSchema],
    queryFn: () => loadSchemaFile(screen.filterSchema!),
    enabled: Boolean(screen.filterSchema) && (hasFilters || open),
    staleTime: Infinity,
  });
  // npm run dev: an edited filter schema replaces the cached one (useSchemaRevision is always 0 in the build).
  const schemaRevision = useSchemaRevision();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (import.meta.hot && schemaRevision) void queryClient.invalidateQueries({ queryKey: ['schemaFile'] });
  }, [schemaRevision, queryClient]);
  const filterUi = useQuery({
    queryKey: ['schemaFile', screen.filterUiSchema],
    queryFn: () => loadSchemaFile(screen.filterUiSchema!),
    enabled: Boolean(screen.filterUiSchema) && (hasFilters || open),
    staleTime: Infinity,
  });
  // The chips' and the card's hints' code comes beside the filter schema that names them (they wait for it anyway),
  // not in the first load.
  const chipsCode = useQuery({ queryKey: ['filterChipsCode'], queryFn: () => import('./filterChips.ts'), enabled: hasFilters || open, staleTime: Infinity });
  const chipsModule = chipsCode.data;
  const hints = useMemo(() => chipsModule?.filterHints(screen.columns, filterUi.data, filterSchema.data), [chipsModule, screen.columns, filterUi.data, filterSchema.data]);
  const plainChips = useMemo(
    () => (chipsModule && (!screen.filterSchema || filterSchema.isFetched) ? chipsModule.filterChips(cardOptions, filterSchema.data, screen.columns, t, locale, timeZone) : []),
    [chipsModule, cardOptions, filterSchema.data, filterSchema.isFetched, screen.filterSchema, screen.columns, t, locale, timeZone],
  );
  // A chip naming a row by its id shows the row's name once read.
  const named = useMemo(() => (chipsModule && hints ? chipsModule.chipsToName(plainChips, cardOptions, hints) : []), [chipsModule, plainChips, cardOptions, hints]);
  const rows = useQueries({
    queries: named.map(({ path }) => ({ queryKey: ['chipName', path], queryFn: () => api.get<Record<string, unknown>>(path), staleTime: 60_000, retry: false })),
  });
  const chips = chipsModule && named.length ? chipsModule.withNames(plainChips, named, rows.map((row) => row.data)) : plainChips;
  // The card waits for its hints (the labels of enum values) as for its schema.
  const schema = useMemo(() => (hints ? withoutProperty(filterSchema.data, period?.field) : undefined), [hints, filterSchema.data, period]);

  const kept: Record<string, FilterValue> =
    period && addressQuery.options[period.field] !== undefined ? { [period.field]: addressQuery.options[period.field] } : {};
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return {
    open,
    toggle: () => setOpen((isOpen) => !isOpen),
    buttonRef,
    cardId,
    schema,
    hints,
    values: cardOptions,
    chips,
    narrowed: isNarrowed(query.options, unnarrowing),
    apply: (values: Record<string, unknown>) => {
      update({ options: { ...compactOptions(values), ...kept }, page: 1 });
      close();
    },
    clear: () => {
      update({ options: kept, page: 1 });
      close();
    },
    // A chip to remove means its code is in.
    remove: (field: string) => chipsModule && update({ options: chipsModule.withoutFilter(addressQuery.options, field), page: 1 }),
    clearAll: () => update({ options: kept, page: 1 }),
  };
}
