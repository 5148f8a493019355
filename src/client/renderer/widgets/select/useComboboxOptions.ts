// The options a combobox shows and the values it holds: preferred options first (sorted by label in the interface
// language unless `sort` is off), those matching the typed text (a remote list is shown as it is: the API searched it),
// the divider's place, and the chosen values with their labels.
import { useMemo } from 'react';
import { useLocale } from '../locale.ts';
import type { ComboboxProps } from './Combobox.tsx';
import { arrangeOptions, matchesQuery, type SelectOption } from './options.ts';

/**
 * [visible, dividerAfter, selected, isSelected, selectedOptions]: a tuple, as useState's, since the names of an
 * object's keys would weigh in the form routes' start-up budget.
 */
export function useComboboxOptions(props: ComboboxProps, query: string | null) {
  const { options, value, multiple = false, sort = true, preferred } = props;
  const locale = useLocale();
  const arranged = useMemo(() => arrangeOptions(options, { locale, sort, preferred }), [options, locale, sort, preferred]);
  const all = useMemo(() => [...arranged.preferred, ...arranged.rest], [arranged]);
  const remote = Boolean(props.onQueryChange);
  const visible = useMemo(() => (query && !remote ? all.filter((o) => matchesQuery(o, query)) : all), [all, query, remote]);
  const selected: unknown[] = multiple ? (Array.isArray(value) ? value : []) : value === undefined || value === null || value === '' ? [] : [value];
  return [
    visible,
    // The divider follows the preferred options while the whole list shows.
    !query && arranged.preferred.length && arranged.rest.length ? arranged.preferred.length - 1 : -1,
    selected,
    (option: SelectOption) => selected.some((v) => v === option.value),
    selected.map((v) => all.find((o) => o.value === v) ?? props.chosen?.find((o) => o.value === v) ?? { value: v, label: String(v) }),
  ] as const;
}
