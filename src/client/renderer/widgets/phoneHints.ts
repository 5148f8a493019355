// Whether a form needs the phone input, read from its ui hints, so its metadata can load beside the form's own code
// (LazyPhoneWidget.tsx). Free of React: start-up code reads it.

/** Whether a ui hint file names the phone widget anywhere (a field of a nested object included). */
export function usesPhoneWidget(uiSchema: unknown): boolean {
  if (!uiSchema || typeof uiSchema !== 'object') return false;
  return Object.entries(uiSchema).some(([key, value]) => (key === 'ui:widget' ? value === 'phone' : usesPhoneWidget(value)));
}
