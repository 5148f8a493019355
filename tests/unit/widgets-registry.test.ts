// The widget and field registries and their names files (read by `npm run validate` to check ui hints) list the same
// names, and every widget a ui hint file names exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import names from '../../src/client/renderer/widgets/names.json' with { type: 'json' };
import { defaultWidgets, widgets } from '../../src/client/renderer/widgets/registry.ts';
import fieldNames from '../../src/client/renderer/form/fieldNames.json' with { type: 'json' };
import { formFields } from '../../src/client/renderer/form/fields.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('widget registry', () => {
  it('lists exactly the registered widget names in names.json', () => {
    expect(Object.keys(widgets).sort()).toEqual([...names].sort());
  });

  it('has every widget the ui hint files name', () => {
    const used = new Set<string>();
    for (const file of fs.readdirSync(path.join(root, 'schemas/forms')).filter((f) => f.endsWith('.ui.json'))) {
      const ui = JSON.parse(fs.readFileSync(path.join(root, 'schemas/forms', file), 'utf8')) as Record<string, { 'ui:widget'?: string }>;
      for (const hint of Object.values(ui)) if (hint && typeof hint === 'object' && hint['ui:widget']) used.add(hint['ui:widget']);
    }
    expect([...used].filter((name) => !(name in widgets))).toEqual([]);
  });

  it('lists exactly the registered field names in fieldNames.json', () => {
    expect(Object.keys(formFields).sort()).toEqual([...fieldNames].sort());
  });

  it("gives RJSF's own widget names the panel's widgets", () => {
    expect(defaultWidgets.TextWidget).toBe(widgets.text);
    expect(defaultWidgets.SelectWidget).toBe(widgets.select);
    expect(defaultWidgets.CheckboxWidget).toBe(widgets.checkbox);
  });
});
