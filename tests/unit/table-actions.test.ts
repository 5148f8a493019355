import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../src/client/core/screens.ts';
import type { TableScreen } from '../../src/client/renderer/descriptors.ts';
import { fillRoute, visibleActions } from '../../src/client/renderer/table/actions.ts';
import { actionHref, actionRequest, fillBody } from '../../src/client/renderer/table/actionTargets.ts';
import { canTransition, type PayoutStatus } from '../../src/shared/payouts.ts';
import { permissionsOf } from '../../src/shared/permissions.ts';

const screen = (id: string) => SCREENS.find((s) => s.id === id) as TableScreen;
const ids = (actions: { id: string }[]) => actions.map((a) => a.id);

describe('actions by permission', () => {
  const admin = permissionsOf('ADMIN');
  const viewer = permissionsOf('USER', 'SPECIAL');

  it('shows "Add new", the import and the managing row actions to an administrator only', () => {
    expect(ids(visibleActions(screen('recipients').pageActions, admin))).toEqual(['create', 'import']);
    expect(ids(visibleActions(screen('recipients').pageActions, viewer))).toEqual([]);
    expect(ids(visibleActions(screen('recipients').rowActions, admin))).toEqual(['edit', 'block', 'unblock', 'payouts', 'bankAccounts']);
    expect(ids(visibleActions(screen('recipients').rowActions, viewer))).toEqual(['payouts', 'bankAccounts']);
    expect(ids(visibleActions(screen('programs').rowActions, viewer))).toEqual(['payouts']);
  });

  it('shows nothing that needs a permission to a user without permissions', () => {
    expect(visibleActions(screen('programs').rowActions, undefined)).toEqual([]);
  });

  it('offers Block on an active recipient and Unblock on a blocked one', () => {
    const actions = visibleActions(screen('recipients').rowActions, admin);
    expect(ids(actions.filter((a) => visibleActions([a], admin, { id: 1, blocked: false }).length))).toEqual(['edit', 'block', 'payouts', 'bankAccounts']);
    expect(ids(actions.filter((a) => visibleActions([a], admin, { id: 1, blocked: true }).length))).toEqual(['edit', 'unblock', 'payouts', 'bankAccounts']);
  });
});

describe('where actions lead', () => {
  it('fills route parameters from the row', () => {
    expect(fillRoute('/panel/recipients/:id/update', { id: 42 })).toBe('/panel/recipients/42/update');
    expect(fillRoute('/panel/x/:name', { name: 'a b/c' })).toBe('/panel/x/a%20b%2Fc');
  });

  it('turns `filter` into the target list filters', () => {
    const payouts = screen('recipients').rowActions!.find((a) => a.id === 'payouts')!;
    const href = actionHref(payouts, { id: 7, blocked: false });
    expect(href.split('?')[0]).toBe('/panel/payouts');
    expect(JSON.parse(new URLSearchParams(href.split('?')[1]).get('options')!)).toEqual({ recipientId: 7 });
  });

  it('sends { id } with POST and fills DELETE paths', () => {
    const block = screen('recipients').rowActions!.find((a) => a.id === 'block')!;
    expect(actionRequest(block, { id: 3 })).toEqual({ method: 'POST', path: '/api/payout/recipient/toggleBlackListed', body: { id: 3 } });
    const remove = screen('programs').rowActions!.find((a) => a.id === 'delete')!;
    expect(actionRequest(remove, { id: 9 })).toEqual({ method: 'DELETE', path: '/api/payout/program/9' });
  });
});

describe('the payouts row actions (from the shared transition table)', () => {
  const admin = permissionsOf('ADMIN');
  const shown = (status: PayoutStatus) => ids(visibleActions(screen('payouts').rowActions, admin, { id: 5, status }));

  it('offers per status exactly the moves the transition table allows, and a reminder for a payout to collect', () => {
    expect(shown('TO_APPROVE')).toEqual(['approve', 'cancel', 'duplicate']);
    expect(shown('TO_COLLECT')).toEqual(['suspend', 'cancel', 'reminder', 'duplicate']);
    expect(shown('SUSPENDED')).toEqual(['resume', 'cancel', 'duplicate']);
    for (const status of ['CANCELLED', 'EXPIRED', 'COLLECTED_ON_PAGE', 'COMPLETED_SUCCESSFULLY'] as const) expect(shown(status)).toEqual(['duplicate']);
    // Every status change the screen offers is one the shared table allows.
    for (const action of screen('payouts').rowActions!.filter((a) => a.api?.startsWith('PUT /api/payout/status'))) {
      for (const from of action.when!.in as PayoutStatus[]) expect(canTransition(from, (action.body as { status: PayoutStatus }).status)).toBe(true);
    }
    expect(ids(visibleActions(screen('payouts').rowActions, permissionsOf('USER', 'SPECIAL'), { id: 5, status: 'TO_COLLECT' }))).toEqual([]);
  });

  it('sends the body its template names, filled from the row', () => {
    const cancel = screen('payouts').rowActions!.find((a) => a.id === 'cancel')!;
    expect(actionRequest(cancel, { id: 42, status: 'TO_COLLECT' })).toEqual({ method: 'PUT', path: '/api/payout/status', body: { status: 'CANCELLED', ids: [42], confirm: true } });
    expect(fillBody({ a: [':id', 'x'], b: { c: ':nested.value' }, d: 3 }, { id: 1, nested: { value: 'v' } })).toEqual({ a: [1, 'x'], b: { c: 'v' }, d: 3 });
  });
});
