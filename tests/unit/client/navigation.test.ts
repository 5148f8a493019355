import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json' with { type: 'json' };
import pl from '../../../locales/pl/common.json' with { type: 'json' };
import customerSettings from '../../../schemas/forms/customer-settings.json' with { type: 'json' };
import screensSchema from '../../../schemas/screens.schema.json' with { type: 'json' };
import { childPath, navEntries, SCREENS } from '../../../src/client/core/screens.ts';
import { CUSTOMER_FEATURES, FEATURE_SETTINGS } from '../../../src/shared/customerFeatures.ts';
import { permissionsOf, type RepresentativeKind, type UserType } from '../../../src/shared/permissions.ts';

function labels(type: UserType, kind: RepresentativeKind | null = null, features: string[] = ['api']): string[] {
  return navEntries(SCREENS, { type, permissions: permissionsOf(type, kind), customer: { features } }).map((s) => (en.nav as Record<string, string>)[s.nav.label.split('.')[1]]);
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('navigation from screens.json', () => {
  it('shows each role its entries in order', () => {
    expect(labels('SUPER_ADMIN')).toEqual(['Accounts', 'Customers', 'Users', 'Programs', 'Recipients', 'Payouts', 'Settlement', 'Audit log', 'Messages', 'Settings']);
    expect(labels('ADMIN')).toEqual(['Dashboard', 'Accounts', 'Users', 'Programs', 'Recipients', 'Payouts', 'Customer settings', 'Payer details', 'Collection page', 'Pay-in page', 'Integration API', 'Webhooks', 'Audit log']);
    expect(labels('USER', 'GENERAL')).toEqual(['Dashboard', 'Accounts', 'Programs', 'Recipients', 'Payouts', 'Payer details']);
    expect(labels('USER', 'SPECIAL')).toEqual(['Dashboard', 'Accounts', 'Programs', 'Recipients', 'Payouts']);
    expect(labels('RECIPIENT')).toEqual([]);
  });

  it('shows the integration API and its webhooks only while the customer has its API on', () => {
    expect(labels('ADMIN', null, [])).toEqual(['Dashboard', 'Accounts', 'Users', 'Programs', 'Recipients', 'Payouts', 'Customer settings', 'Payer details', 'Collection page', 'Pay-in page', 'Audit log']);
    const screens = [{ id: 'x', route: '/panel/x', kind: 'custom' as const, title: 't', permissions: [], nav: { label: 'l', order: 1, feature: 'api' } }];
    expect(navEntries(screens, { type: 'ADMIN', permissions: [], customer: null })).toEqual([]);
    expect(navEntries(screens, { type: 'ADMIN', permissions: [], customer: { features: ['api'] } }).map((s) => s.id)).toEqual(['x']);
  });

  it("names in screens.json's schema exactly the features a customer can have", () => {
    expect(screensSchema.definitions.nav.properties.feature.enum).toEqual([...CUSTOMER_FEATURES]);
    expect(Object.keys(FEATURE_SETTINGS)).toEqual([...CUSTOMER_FEATURES]);
    const settings = customerSettings.properties as Record<string, { type?: unknown }>;
    for (const key of Object.values(FEATURE_SETTINGS)) expect(settings[key]?.type, key).toBe('boolean');
  });

  it('hides an entry limited to other user types even with the permission', () => {
    const entries = navEntries(SCREENS, { type: 'SUPER_ADMIN', permissions: ['statistics'] });
    expect(entries.map((s) => s.id)).toEqual([]);
  });

  it('shows Accounts (top-ups are made there) and Settlement to a SUPER_ADMIN, and Settlement to nobody else', () => {
    const entries = navEntries(SCREENS, { type: 'SUPER_ADMIN', permissions: ['statistics', 'accounts'] });
    expect(entries.map((s) => s.id)).toEqual(['accounts', 'settlement']);
    expect(navEntries(SCREENS, { type: 'ADMIN', permissions: ['statistics', 'accounts'] }).map((s) => s.id)).not.toContain('settlement');
  });

  it('leaves out the entry of a screen limited to other user types', () => {
    const screens = [{ id: 'x', route: '/panel/x', kind: 'custom' as const, title: 't', permissions: [], userTypes: ['SUPER_ADMIN'], nav: { label: 'l', order: 1 } }];
    expect(navEntries(screens, { type: 'ADMIN', permissions: [] })).toEqual([]);
    expect(navEntries(screens, { type: 'SUPER_ADMIN', permissions: [] }).map((s) => s.id)).toEqual(['x']);
  });

  it('uses the nav permissions in place of the screen permissions when given', () => {
    const payouts = SCREENS.find((s) => s.id === 'payouts');
    expect(payouts?.nav?.permissions).toBeDefined();
    const entries = navEntries(SCREENS, { type: 'ADMIN', permissions: ['payout.manage'] });
    // The payer details are read with payout.manage too (a General Representative's way to them).
    expect(entries.map((s) => s.id)).toEqual(['payouts', 'payerDetails']);
  });

  it('nests every screen route under /panel', () => {
    for (const screen of SCREENS) expect(() => childPath(screen.route)).not.toThrow();
    expect(childPath('/panel')).toBe('');
    expect(childPath('/panel/users/:id/update')).toBe('users/:id/update');
  });

  it('has a title for every screen and a label for every nav entry in both languages', () => {
    const missing: string[] = [];
    for (const [language, tree] of [['en', en], ['pl', pl]] as const) {
      for (const screen of SCREENS) {
        if (typeof lookup(tree, screen.title) !== 'string') missing.push(`${language}:${screen.title}`);
        if (screen.nav && typeof lookup(tree, screen.nav.label) !== 'string') missing.push(`${language}:${screen.nav.label}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
