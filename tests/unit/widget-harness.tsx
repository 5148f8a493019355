// Renders one widget the way the form engine does: labelled, holding its value, reporting changes.
import { useState, type ComponentType } from 'react';
import type { Registry, WidgetProps } from '@rjsf/utils';

export interface HarnessProps {
  initial?: unknown;
  onValue: (v: unknown) => void;
  options?: Record<string, unknown>;
  formData?: Record<string, unknown>;
}

export function widgetHarness(Widget: ComponentType<WidgetProps>, field: { name: string; label: string; schema: Record<string, unknown> }) {
  const id = `root_${field.name}`;
  return function Harness({ initial, onValue, options = {}, formData }: HarnessProps) {
    const [value, setValue] = useState<unknown>(initial);
    const formContext = formData ? { formData, mode: 'form', permissions: [] } : {};
    const props = {
      id,
      name: field.name,
      label: field.label,
      value,
      onChange: (v: unknown) => {
        setValue(v);
        onValue(v);
      },
      onBlur: () => {},
      onFocus: () => {},
      options,
      schema: field.schema,
      registry: { formContext } as unknown as Registry,
      rawErrors: [],
    } as unknown as WidgetProps;
    return (
      <>
        <label htmlFor={id}>{field.label}</label>
        <Widget {...props} />
      </>
    );
  };
}
