// A form in tabs (a form descriptor's `tabs`): which tabs a user sees, which one the address names (`?tab=2`,
// numbered from 1; the first by default), and the part of the schema, ui hints and data each tab shows. Pure.
import type { UiSchema } from '@rjsf/utils';
import { hasAnyPermission } from '../../../shared/permissionCheck.ts';
import type { FormTab } from '../descriptors.ts';
import type { JsonSchema } from '../schemas.ts';

/** The tabs a user may see, with their number in the descriptor (the address names that number). */
export function visibleTabs(tabs: readonly FormTab[], permissions: readonly string[]): { tab: FormTab; number: number }[] {
  return tabs.map((tab, i) => ({ tab, number: i + 1 })).filter(({ tab }) => hasAnyPermission(permissions, tab.permissions));
}

/** The tab the address names if the user sees it, else the first one they see. */
export function activeTab<T extends { number: number }>(visible: readonly T[], param: string | null): T | undefined {
  const wanted = param !== null && /^\d{1,3}$/.test(param) ? Number(param) : 1;
  return visible.find((entry) => entry.number === wanted) ?? visible[0];
}

/** The schema with only the tab's properties (rules over the whole object stay: they name the tab's fields). */
export function tabSchema(schema: JsonSchema, fields: readonly string[]): JsonSchema {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => fields.includes(name)));
  const required = (schema.required ?? []).filter((name) => fields.includes(name));
  return { ...schema, properties, ...(schema.required ? { required } : {}), minProperties: undefined };
}

/** The ui hints with their order kept to the tab's fields (RJSF refuses an order naming absent properties). */
export function tabUiSchema(uiSchema: UiSchema | undefined, fields: readonly string[]): UiSchema | undefined {
  const order = uiSchema?.['ui:order'] as string[] | undefined;
  if (!uiSchema || !order) return uiSchema;
  return { ...uiSchema, 'ui:order': order.filter((name) => name === '*' || fields.includes(name)) };
}

export function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => fields.includes(name)));
}
