// Ids and ARIA attributes tying a control to its label and to the text under it (error or info).
import type { WidgetProps } from '@rjsf/utils';

/** Id of the error / info text FieldTemplate renders under a field. */
export function messageId(id: string): string {
  return `${id}-message`;
}

/** Whether FieldTemplate shows text under this field: errors, or else the schema's description. */
function hasMessage(props: Pick<WidgetProps, 'rawErrors' | 'schema'>): boolean {
  return Boolean(props.rawErrors?.length) || typeof props.schema.description === 'string';
}

export interface ControlAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** Attributes for the main control of a widget; `extraDescribedBy` adds the widget's own hint (a counter, ...). */
export function controlAria(props: WidgetProps, extraDescribedBy?: string): ControlAria {
  const describedBy = [hasMessage(props) ? messageId(props.id) : undefined, extraDescribedBy].filter(Boolean).join(' ');
  return {
    id: props.id,
    'aria-invalid': props.rawErrors?.length ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': props.required ? true : undefined,
  };
}

/** RJSF's ui:options, typed loosely: every widget reads its own keys. */
export function uiOption<T>(props: Pick<WidgetProps, 'options'>, key: string): T | undefined {
  return (props.options as Record<string, unknown>)[key] as T | undefined;
}

/** Id of the field's visible label (FieldTemplate), for controls labelled by reference (list boxes, groups). */
export function labelId(id: string): string {
  return `${id}-label`;
}
