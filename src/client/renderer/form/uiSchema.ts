// The ui hints RJSF receives: the file's hints plus what the form decides per render. A field whose `showIf`
// condition fails, or whose `requiredPermissions` the user holds none of, is hidden (and left out of what is sent).
// In filter mode booleans become any / yes / no selects, lists of enum values multi-selects, and `between` ranges
// a from / to pair.
import type { UiSchema } from '@rjsf/utils';
import { hasAnyPermission } from '../../../shared/permissionCheck.ts';
import type { JsonSchema } from '../schemas.ts';
import type { FormMode } from '../widgets/context.ts';
import BooleanFilterWidget from './BooleanFilterWidget.tsx';
import RangeField from './RangeField.tsx';

interface ShowIf {
  field: string;
  equals: unknown;
}

export interface UiInput {
  schema: JsonSchema;
  uiSchema?: UiSchema;
  mode: FormMode;
  formData: Record<string, unknown>;
  permissions: readonly string[];
  /** Whether an i18n key exists (for the labels of boolean filters). */
  hasKey: (key: string) => boolean;
  /** Hidden besides those of showIf and requiredPermissions (the fields of options not chosen, form/choices.ts). */
  alsoHidden?: readonly string[];
}

type Options = Record<string, unknown>;

function optionsOf(ui: UiSchema | undefined): Options {
  return { ...((ui?.['ui:options'] as Options | undefined) ?? {}) };
}

/** Whether a property is hidden by its showIf or requiredPermissions hint. */
function isHiddenByRule(options: Options, formData: Record<string, unknown>, permissions: readonly string[]): boolean {
  const required = options.requiredPermissions as string[] | undefined;
  if (required?.length && !hasAnyPermission(permissions, required)) return true;
  const showIf = options.showIf as ShowIf | undefined;
  return Boolean(showIf && formData[showIf.field] !== showIf.equals);
}

/** Top-level properties hidden at the moment. */
export function hiddenProperties(input: Pick<UiInput, 'schema' | 'uiSchema' | 'formData' | 'permissions'>): string[] {
  return Object.keys(input.schema.properties ?? {}).filter((name) => isHiddenByRule(optionsOf(input.uiSchema?.[name] as UiSchema | undefined), input.formData, input.permissions));
}

/** Labels of a boolean filter: the hint's, else the entity's enum labels for that name ("isActive" -> "active"). */
function booleanLabels(name: string, options: Options, hasKey: UiInput['hasKey']): string {
  if (typeof options.labels === 'string') return options.labels;
  const candidates = [name, name.replace(/^is([A-Z])/, (_, c: string) => c.toLowerCase())].map((n) => `entities:enums.${n}`);
  return candidates.find((prefix) => hasKey(`${prefix}.true`)) ?? 'form:boolean';
}

function isEnumArray(schema: JsonSchema): boolean {
  const items = schema.items as JsonSchema | undefined;
  return schema.type === 'array' && Boolean(items && Array.isArray(items.enum));
}

function isRange(schema: JsonSchema): boolean {
  return schema.type === 'object' && Boolean(schema.properties?.between);
}

export function buildUiSchema({ schema, uiSchema = {}, mode, formData, permissions, hasKey, alsoHidden = [] }: UiInput): UiSchema {
  const result: UiSchema = { ...uiSchema, 'ui:submitButtonOptions': { norender: true } };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const ui: UiSchema = { ...((uiSchema[name] as UiSchema | undefined) ?? {}) };
    const options = optionsOf(ui);
    if (isHiddenByRule(options, formData, permissions) || alsoHidden.includes(name)) options.hiddenByRule = true;

    if (mode === 'filter') {
      if (property.type === 'boolean') {
        ui['ui:widget'] = BooleanFilterWidget;
        options.labels = booleanLabels(name, options, hasKey);
      } else if (isEnumArray(property)) {
        ui['ui:widget'] ??= 'select';
      } else if (isRange(property)) {
        ui['ui:field'] = RangeField;
        options.group = true;
      }
    } else if (property.type === 'boolean' && (ui['ui:widget'] ?? 'checkbox') === 'checkbox') {
      ui['ui:widget'] = 'checkbox';
      options.ownLabel = true;
    } else if (isEnumArray(property)) {
      ui['ui:widget'] ??= 'select';
    }
    ui['ui:options'] = options as UiSchema['ui:options'];
    result[name] = ui;
  }
  return result;
}
