// The ui hints a generated form receives: showIf and requiredPermissions hide fields, filter mode turns booleans
// into any / yes / no selects, lists of values into multi-selects and ranges into from / to pairs; what is
// submitted leaves hidden fields (and, for filters, empty ones) out; a loaded record is cut to the form's fields.
import type { UiSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import BooleanFilterWidget from '../../src/client/renderer/form/BooleanFilterWidget.tsx';
import { pickFormData, submittedData } from '../../src/client/renderer/form/formData.ts';
import RangeField, { rangeValue } from '../../src/client/renderer/form/RangeField.tsx';
import { buildUiSchema, hiddenProperties } from '../../src/client/renderer/form/uiSchema.ts';
import type { JsonSchema } from '../../src/client/renderer/schemas.ts';
import user from '../../schemas/forms/user.json' with { type: 'json' };
import userUi from '../../schemas/forms/user.ui.json' with { type: 'json' };
import program from '../../schemas/forms/program.json' with { type: 'json' };
import recipientFilter from '../../schemas/filters/recipient.json' with { type: 'json' };
import userFilter from '../../schemas/filters/user.json' with { type: 'json' };
import entitiesEn from '../../locales/en/entities.json' with { type: 'json' };

const hasKey = (key: string) => {
  const [ns, path] = key.split(':');
  if (ns !== 'entities') return false;
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], entitiesEn) !== undefined;
};
const options = (ui: UiSchema, name: string) => (ui[name] as UiSchema)['ui:options'] as Record<string, unknown>;

describe('showIf and requiredPermissions', () => {
  it('shows the representative kind only for a representative', () => {
    const input = { schema: user as JsonSchema, uiSchema: userUi as UiSchema, permissions: ['user.manage'] };
    expect(hiddenProperties({ ...input, formData: { type: 'ADMIN' } })).toEqual(['customerId', 'representativeKind']);
    expect(hiddenProperties({ ...input, formData: { type: 'USER' } })).toEqual(['customerId']);
    const ui = buildUiSchema({ ...input, mode: 'form', formData: { type: 'ADMIN' }, hasKey });
    expect(options(ui, 'representativeKind').hiddenByRule).toBe(true);
    expect(options(ui, 'login').hiddenByRule).toBeUndefined();
  });

  it('shows the customer picker to a user holding customer.read', () => {
    expect(hiddenProperties({ schema: user as JsonSchema, uiSchema: userUi as UiSchema, permissions: ['customer.read'], formData: { type: 'USER' } })).toEqual([]);
  });

  it('leaves hidden fields out of what is submitted', () => {
    expect(submittedData({ type: 'ADMIN', representativeKind: 'GENERAL', login: 'anna', note: undefined }, ['representativeKind'], 'form')).toEqual({ type: 'ADMIN', login: 'anna' });
  });
});

describe('form mode', () => {
  it('gives booleans a checkbox carrying its own label', () => {
    const ui = buildUiSchema({ schema: program as JsonSchema, mode: 'form', formData: {}, permissions: [], hasKey });
    expect((ui.reminderEnabled as UiSchema)['ui:widget']).toBe('checkbox');
    expect(options(ui, 'reminderEnabled').ownLabel).toBe(true);
  });
});

describe('filter mode', () => {
  it('turns booleans into any / yes / no with the entity labels where they exist', () => {
    const ui = buildUiSchema({ schema: recipientFilter as JsonSchema, mode: 'filter', formData: {}, permissions: [], hasKey });
    expect((ui.blocked as UiSchema)['ui:widget']).toBe(BooleanFilterWidget);
    expect(options(ui, 'blocked').labels).toBe('entities:enums.blocked');
    const users = buildUiSchema({ schema: userFilter as JsonSchema, mode: 'filter', formData: {}, permissions: [], hasKey });
    // isActive -> the "active" labels; a boolean without entity labels falls back to yes / no.
    expect(options(users, 'isActive').labels).toBe('entities:enums.active');
    expect(booleanLabelsFor('isArchived')).toBe('form:boolean');
  });

  it('makes a list of enum values a multi-select and a between range a from / to pair', () => {
    const ui = buildUiSchema({ schema: userFilter as JsonSchema, mode: 'filter', formData: {}, permissions: [], hasKey });
    expect((ui.type as UiSchema)['ui:widget']).toBe('select');
    const recipients = buildUiSchema({ schema: recipientFilter as JsonSchema, mode: 'filter', formData: {}, permissions: [], hasKey });
    expect((recipients.createdAt as UiSchema)['ui:field']).toBe(RangeField);
    expect(rangeValue('2024-05-01 12:00:00', '')).toEqual({ between: ['2024-05-01 12:00:00', null] });
    expect(rangeValue(null, '2024-05-31 12:00:00')).toEqual({ between: [null, '2024-05-31 12:00:00'] });
    expect(rangeValue('', null)).toBeUndefined();
  });

  it('submits only the filters that hold something', () => {
    const data = { search: '', blocked: false, type: [], createdAt: { between: [null, null] }, customerId: 3, isActive: undefined };
    expect(submittedData(data, [], 'filter')).toEqual({ blocked: false, customerId: 3 });
  });
});

describe('loaded records', () => {
  it('keep only the form fields, without nulls', () => {
    const record = { id: 7, name: 'Bonus', currency: 'PLN', budget: 1_000_000, usedBudget: 5, url: null, createdAt: '2024-05-01T10:00:00Z', reminderEnabled: false };
    expect(pickFormData(program as JsonSchema, record)).toEqual({ id: 7, name: 'Bonus', currency: 'PLN', budget: 1_000_000, reminderEnabled: false });
  });
});

function booleanLabelsFor(name: string): unknown {
  const schema = { type: 'object', properties: { [name]: { type: 'boolean' } } } as JsonSchema;
  return options(buildUiSchema({ schema, mode: 'filter', formData: {}, permissions: [], hasKey }), name).labels;
}
