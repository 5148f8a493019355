import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, hasAnyPermission, permissionsOf, roleOf } from '../../src/shared/permissions.ts';

describe('hasAnyPermission', () => {
  it.each([
    [['a', 'b'], 'a', true],
    [['a', 'b'], ['c', 'b'], true],
    [['a'], ['c', 'd'], false],
    [['a'], [], true],
    [['a'], undefined, true],
    [undefined, 'a', false],
    [[], 'a', false],
  ] as const)('held %j, required %j -> %s', (held, required, expected) => {
    expect(hasAnyPermission(held as string[] | undefined, required as string | string[] | undefined)).toBe(expected);
  });
});

describe('the role matrix', () => {
  it('maps user types and representative kinds to roles', () => {
    expect(roleOf('USER', 'GENERAL')).toBe('USER_GENERAL');
    expect(roleOf('USER', 'SPECIAL')).toBe('USER_SPECIAL');
    expect(roleOf('USER', null)).toBe('USER_GENERAL');
    expect(roleOf('ADMIN')).toBe('ADMIN');
  });

  it('gives a Special Representative viewing and reports only', () => {
    const p = permissionsOf('USER', 'SPECIAL');
    expect(p).toEqual(expect.arrayContaining(['payout.read', 'payout.recipient.read', 'payout.program.read', 'statistics']));
    expect(p.filter((x) => x.endsWith('.manage'))).toEqual([]);
  });

  it('keeps admin functions from a General Representative', () => {
    const p = permissionsOf('USER', 'GENERAL');
    expect(p).toContain('payout.manage');
    for (const admin of ['user.read', 'user.manage', 'customer.settings', 'integration_api', 'settings.manage']) expect(p).not.toContain(admin);
  });

  it('keeps global administration to the SUPER_ADMIN', () => {
    expect(permissionsOf('SUPER_ADMIN')).toEqual(expect.arrayContaining(['settings.manage', 'customer.manage']));
    expect(permissionsOf('ADMIN')).not.toContain('settings.manage');
    expect(permissionsOf('ADMIN')).not.toContain('customer.manage');
    expect(permissionsOf('SUPER_ADMIN')).not.toContain('payout.manage');
  });

  it('gives a recipient the collection page only', () => {
    expect(permissionsOf('RECIPIENT')).toEqual(['payout.collection']);
  });

  it('names only known permissions', () => {
    for (const type of ['USER', 'ADMIN', 'SUPER_ADMIN', 'RECIPIENT'] as const) {
      for (const p of permissionsOf(type, 'GENERAL')) expect(ALL_PERMISSIONS).toContain(p);
    }
  });
});
