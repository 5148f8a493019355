// Which widgets a form needs, read from its ui hints, so those loaded on demand (the phone input's metadata,
// lazyWidget.tsx) can load beside the form's own code. Free of React: start-up code reads it.

/** The widgets a ui hint file names anywhere (fields of nested objects included). */
export function widgetsNamed(uiSchema: unknown, found = new Set<string>()): Set<string> {
  if (!uiSchema || typeof uiSchema !== 'object') return found;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:widget' && typeof value === 'string') found.add(value);
    else widgetsNamed(value, found);
  }
  return found;
}

/** Whether a ui hint file names the phone widget anywhere (a field of a nested object included). */
export function usesPhoneWidget(uiSchema: unknown): boolean {
  return widgetsNamed(uiSchema).has('phone');
}
