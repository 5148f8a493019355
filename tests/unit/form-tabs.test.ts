// A form in tabs: the tabs a user sees, the one the address names (or the first), and the schema, ui hints and data
// each tab shows.
import { describe, expect, it } from 'vitest';
import { activeTab, pick, tabSchema, tabUiSchema, visibleTabs } from '../../src/client/renderer/form/formTabs.ts';

const tabs = [
  { title: 'a', fields: ['one', 'two'] },
  { title: 'b', fields: ['three'], permissions: ['modules'] },
  { title: 'c', fields: ['four'] },
];

describe('form tabs', () => {
  it('keeps each tab\'s number when a tab is hidden from the user', () => {
    expect(visibleTabs(tabs, []).map((entry) => entry.number)).toEqual([1, 3]);
    expect(visibleTabs(tabs, ['modules']).map((entry) => entry.number)).toEqual([1, 2, 3]);
  });

  it('opens the tab the address names, else the first the user sees', () => {
    const visible = visibleTabs(tabs, []);
    expect(activeTab(visible, '3')?.tab.title).toBe('c');
    expect(activeTab(visible, null)?.tab.title).toBe('a');
    expect(activeTab(visible, '2')?.tab.title).toBe('a');
    expect(activeTab(visible, 'x')?.tab.title).toBe('a');
    expect(activeTab([], '1')).toBeUndefined();
  });

  it('shows the tab\'s properties only, its required ones and its order', () => {
    const schema = { type: 'object', minProperties: 1, required: ['one', 'four'], properties: { one: { type: 'string' }, two: { type: 'string' }, four: { type: 'string' } } };
    const part = tabSchema(schema as never, ['one', 'two']);
    expect(Object.keys(part.properties ?? {})).toEqual(['one', 'two']);
    expect(part.required).toEqual(['one']);
    expect(part.minProperties).toBeUndefined();
    expect(tabUiSchema({ 'ui:order': ['four', 'one', '*', 'two'] }, ['one', 'two'])).toEqual({ 'ui:order': ['one', '*', 'two'] });
    expect(pick({ one: 1, two: 2, four: 4 }, ['two', 'four'])).toEqual({ two: 2, four: 4 });
  });
});

describe('a form reached with and without its optional parameter', () => {
  it('leaves out a query parameter whose route parameter was left out, and links the navigation without it', async () => {
    const { resolveCall } = await import('../../src/client/renderer/descriptors.ts');
    const { navPath } = await import('../../src/client/core/screens.ts');
    expect(resolveCall('GET /api/customer/settings?customerId=:id', { id: '7' })).toEqual({ method: 'GET', path: '/api/customer/settings?customerId=7' });
    expect(resolveCall('GET /api/customer/settings?customerId=:id', {})).toEqual({ method: 'GET', path: '/api/customer/settings' });
    expect(resolveCall('PUT /api/x?a=:a&b=:b', { b: 'two' }).path).toBe('/api/x?b=two');
    expect(navPath('/panel/customers/settings/:id?')).toBe('/panel/customers/settings');
    expect(navPath('/panel/customers')).toBe('/panel/customers');
  });
});
