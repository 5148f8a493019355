// "remoteSelect": a select whose options come from a list call of the API. ui:options: source ("GET /api/customer"),
// valueField (default "id"), labelField (default "name") or labelFields (several, joined by spaces: a recipient's
// "firstName lastName phoneNumber"); the other select options apply too. The list is read
// once per source (the first 100 rows by label) and shared by every field naming the same source.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../core/useTranslation.ts';
import { api } from '../../core/api.ts';
import { MAX_LIMIT } from '../../../shared/list-query.ts';
import { resolveCall } from '../descriptors.ts';
import { uiOption } from './fieldIds.ts';
import { Combobox } from './select/Combobox.tsx';
import { comboboxProps } from './select/widgetProps.ts';
import type { SelectOption } from './select/options.ts';

type Row = Record<string, unknown>;
const cache = new Map<string, Promise<Row[]>>();

export function loadRows(source: string, orderBy: string): Promise<Row[]> {
  const key = `${source}|${orderBy}`;
  let rows = cache.get(key);
  if (!rows) {
    const { path } = resolveCall(source, {});
    rows = api.list<Row>(path, { page: 1, limit: MAX_LIMIT, orderBy, order: 'ASC' }).then((result) => result.items);
    // A failed call is tried again the next time the field appears.
    rows.catch(() => cache.delete(key));
    cache.set(key, rows);
  }
  return rows;
}

export default function RemoteSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const source = uiOption<string>(props, 'source');
  const valueField = uiOption<string>(props, 'valueField') ?? 'id';
  const labelFields = uiOption<string[]>(props, 'labelFields');
  const labelField = labelFields?.[0] ?? uiOption<string>(props, 'labelField') ?? 'name';
  const labelKey = (labelFields ?? [labelField]).join(',');
  const [options, setOptions] = useState<SelectOption[] | null>(null);

  useEffect(() => {
    if (!source) return;
    let alive = true;
    loadRows(source, labelField).then(
      (rows) =>
        alive &&
        setOptions(
          rows.map((row) => ({
            value: row[valueField],
            label: labelKey.split(',').map((field) => row[field]).filter((v) => v !== null && v !== undefined && v !== '').join(' ') || String(row[valueField]),
          })),
        ),
      () => alive && setOptions([]),
    );
    return () => {
      alive = false;
    };
  }, [source, valueField, labelField, labelKey]);

  return (
    <Combobox {...comboboxProps(props)} options={options ?? []} placeholder={options === null ? t('common.loading') : undefined} />
  );
}
