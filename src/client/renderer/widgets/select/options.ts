// How a select lists its options (spec: "Select"): alphabetically by label in the current language unless sorting
// is off, preferred options first (a divider follows them), filtered by what the user types.

export interface SelectOption {
  value: unknown;
  label: string;
}

export interface ArrangeOptions {
  /** BCP 47 locale for the alphabetical order (pl-PL sorts "Ł" after "L"). */
  locale: string;
  /** Sorting is on unless this is false; then the given order is kept. */
  sort?: boolean;
  /** Values listed first, in this order. */
  preferred?: readonly unknown[];
}

export interface ArrangedOptions {
  preferred: SelectOption[];
  rest: SelectOption[];
}

export function arrangeOptions(options: readonly SelectOption[], { locale, sort = true, preferred = [] }: ArrangeOptions): ArrangedOptions {
  const first: SelectOption[] = [];
  for (const value of preferred) {
    const option = options.find((o) => o.value === value);
    if (option && !first.includes(option)) first.push(option);
  }
  const rest = options.filter((o) => !first.includes(o));
  if (sort) {
    const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    rest.sort((a, b) => collator.compare(a.label, b.label));
  }
  return { preferred: first, rest };
}

/** Lower case without diacritics, so that "lodz" finds "Łódź". */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

export function matchesQuery(option: SelectOption, query: string): boolean {
  const q = foldForSearch(query.trim());
  return q === '' || foldForSearch(option.label).includes(q);
}

/** Label prefix of ui:options.labels: `t(prefix + '.' + value)`; without a prefix the value itself. */
export function enumLabel(t: (key: string, options?: { defaultValue?: string }) => string, prefix: string | undefined, value: unknown, fallback?: string): string {
  const text = fallback ?? String(value);
  return prefix ? t(`${prefix}.${String(value)}`, { defaultValue: text }) : text;
}
