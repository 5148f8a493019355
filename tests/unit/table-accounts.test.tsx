// @vitest-environment jsdom
// What the accounts screens added to the generic renderer, through the accounts list and the statement of
// screens.json: columns and actions by permission and user type, "name (#id)", amounts in the record's currency,
// empty lists that say so, the SUPER_ADMIN's customer sent as a parameter of its own, the record above a list, the
// default period and a period too long refused before any request; and the pure parts behind them.
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SCREENS } from '../../src/client/core/screens.ts';
import type { Column, FormScreen, TableScreen as TableScreenDescriptor } from '../../src/client/renderer/descriptors.ts';
import { emptyMessageFor, isNarrowed, visibleActions, visibleColumns } from '../../src/client/renderer/table/actions.ts';
import { formatCell, formatJson, formatNameWithId } from '../../src/client/renderer/table/format.ts';
import { listRequestOf } from '../../src/client/renderer/table/listRequest.ts';
import { periodFilter } from '../../src/client/renderer/table/period.ts';
import { availableCurrencies } from '../../src/client/renderer/widgets/CurrencyWidget.tsx';
import { permissionsOf, type UserType } from '../../src/shared/permissions.ts';
import { memoryRouter } from './memoryRouter.ts';

const session = vi.hoisted(() => ({ type: 'ADMIN' as string, permissions: [] as string[] }));
vi.mock('../../src/client/core/session.tsx', () => ({ useSession: () => ({ me: { type: session.type, permissions: session.permissions } }) }));

const { initI18n, loadLanguage, t } = await import('../../src/client/core/i18n.ts');
const { createQueryClient } = await import('../../src/client/core/queryClient.ts');
const { default: TableScreen } = await import('../../src/client/renderer/table/TableScreen.tsx');
const { prefilledData } = await import('../../src/client/renderer/form/useFormRecord.ts');

/** Opens a row's actions menu (its button is named by the row) and answers the menu. */
async function actionsOf(row: HTMLElement): Promise<HTMLElement> {
  fireEvent.click(within(row).getByRole('button', { name: /^Actions for / }));
  return within(row).findByRole('menu');
}
const screenOf = <T,>(id: string) => SCREENS.find((s) => s.id === id) as T;
const accountsScreen = screenOf<TableScreenDescriptor>('accounts');
const statementScreen = screenOf<TableScreenDescriptor>('accountDetails');

function as(type: UserType) {
  session.type = type;
  session.permissions = permissionsOf(type, type === 'USER' ? 'GENERAL' : null);
}

let accounts: Record<string, unknown>[] = [];
let updates: Record<string, unknown>[] = [];
let calls: URL[] = [];

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  calls.push(url);
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  if (url.pathname === '/api/account') return json({ items: accounts, numberOfRecords: accounts.length });
  if (/^\/api\/account\/\d+$/.test(url.pathname)) return json({ ...accounts[0], representatives: [] });
  if (url.pathname.endsWith('/balanceUpdates')) return json({ items: updates, numberOfRecords: updates.length });
  return Promise.resolve(new Response('{}', { status: 404 }));
}

function show(screenDescriptor: TableScreenDescriptor, address: string) {
  const { router, view } = memoryRouter([{ path: screenDescriptor.route, element: createElement(TableScreen, { screen: screenDescriptor }) }], address);
  render(createElement(QueryClientProvider, { client: createQueryClient() }, view));
  return router;
}

const main = { id: 1, name: 'Main PLN account', currency: 'PLN', balance: 1_234_500, lockedBalance: 250_000, totalBalance: 1_484_500, customerId: 1, customerName: 'Demo Company', canManage: true };

beforeAll(async () => {
  await initI18n();
  await loadLanguage('en');
});
beforeEach(() => {
  as('ADMIN');
  accounts = [main];
  updates = [];
  calls = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the accounts list', () => {
  it('shows "name (#id)" and the funds; the customer column and top-ups only to a SUPER_ADMIN', async () => {
    show(accountsScreen, '/panel/accounts');
    const row = (await screen.findByText('Main PLN account (#1)')).closest('tr')!;
    expect(within(row).getByText('PLN 1,234.50')).toBeTruthy();
    expect(within(row).getByText('PLN 250.00')).toBeTruthy();
    expect(within(row).getByText('PLN 1,484.50')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    const menu = await actionsOf(row);
    expect(within(menu).queryByRole('menuitem', { name: 'Top up' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Transfer' }).getAttribute('href')).toBe('/panel/accounts/transfer/1');
    expect(within(menu).getByRole('menuitem', { name: 'Details' }).getAttribute('href')).toBe('/panel/account-details/1');
    cleanup();

    as('SUPER_ADMIN');
    show(accountsScreen, '/panel/accounts');
    const superRow = (await screen.findByText('Main PLN account (#1)')).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeTruthy();
    expect(within(superRow).getByText('Demo Company')).toBeTruthy();
    expect(within(await actionsOf(superRow)).getByRole('menuitem', { name: 'Top up' }).getAttribute('href')).toBe('/panel/accounts/1/top-up');
  });

  it('offers a transfer only from an account the user manages', async () => {
    accounts = [{ ...main, canManage: false }];
    show(accountsScreen, '/panel/accounts');
    const row = (await screen.findByText('Main PLN account (#1)')).closest('tr')!;
    expect(within(await actionsOf(row)).queryByRole('menuitem', { name: 'Transfer' })).toBeNull();
  });

  it('says that there are no accounts, in the words for the user', async () => {
    accounts = [];
    show(accountsScreen, '/panel/accounts');
    expect(await screen.findByText('You do not have any Accounts.')).toBeTruthy();
    cleanup();
    as('SUPER_ADMIN');
    const router = show(accountsScreen, `/panel/accounts?options=${encodeURIComponent(JSON.stringify({ customerId: 5 }))}`);
    expect(await screen.findByText('Customer does not have any Accounts.')).toBeTruthy();
    // The customer is a parameter of its own, not one of the options.
    const list = calls.filter((url) => url.pathname === '/api/account').at(-1)!;
    expect(list.searchParams.get('customerId')).toBe('5');
    expect(list.searchParams.get('options')).toBeNull();
    expect(router.state.location.search).toContain('customerId');
    cleanup();
    // A filter that narrows the list: the plain "No records".
    show(accountsScreen, `/panel/accounts?options=${encodeURIComponent(JSON.stringify({ currency: ['GBP'] }))}`);
    expect(await screen.findByText('No records')).toBeTruthy();
  });
});

describe('the statement', () => {
  it('shows its account above the list, the last month by default, amounts in the account currency', async () => {
    updates = [{ id: 9, accountId: 1, createdAt: '2026-11-20T10:00:00.000Z', type: 'TOP_UP', balanceChange: 25_000_000, lockedBalanceChange: 0, balanceAfter: 26_234_500, lockedBalanceAfter: 250_000, counterpartyAccountId: null, payoutId: null, reference: 'Demo' }];
    show(statementScreen, '/panel/account-details/1');
    expect(await screen.findByText('Top-up')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('PLN 25,000.00')).toBeTruthy());
    expect(await screen.findByText('Main PLN account (#1)')).toBeTruthy();
    const request = calls.find((url) => url.pathname === '/api/account/1/balanceUpdates')!;
    const options = JSON.parse(request.searchParams.get('options')!);
    // Today in the customer's zone (Europe/Warsaw), in which the panel counts days, whatever the machine's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    expect(options.createdAt.between[1]).toBe(periodFilter({ from: today, to: today }).between![1]);
    expect(await screen.findByRole('button', { name: 'Export to xlsx' })).toBeTruthy();
    expect((await screen.findByLabelText('From')).getAttribute('type')).toBe('date');
  });

  it('refuses a period longer than 3 months without asking the server', async () => {
    const between = periodFilter({ from: '2026-01-01', to: '2026-06-01' }).between;
    show(statementScreen, `/panel/account-details/1?options=${encodeURIComponent(JSON.stringify({ createdAt: { between } }))}`);
    const messages = await screen.findAllByText('The statement period cannot be longer than 3 months.');
    expect(messages.length).toBeGreaterThanOrEqual(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.some((url) => url.pathname.endsWith('/balanceUpdates'))).toBe(false);
  });

  it('says when the period holds nothing', async () => {
    show(statementScreen, '/panel/account-details/1');
    expect(await screen.findByText('There are no balance updates in this period.')).toBeTruthy();
  });
});

describe('pure parts', () => {
  const format = { t, locale: 'en-GB' as const, timeZone: 'Europe/Warsaw' };

  it('formats a name with its id, an object as JSON, money in the currency of the record', () => {
    expect(formatNameWithId('Euro account', { id: 4 })).toBe('Euro account (#4)');
    expect(formatNameWithId(null, { id: 4 })).toBe('');
    expect(formatJson({ name: 'A' })).toBe('{\n  "name": "A"\n}');
    expect(formatJson(null)).toBe('');
    const change = statementScreen.columns.find((c) => c.field === 'balanceChange')!;
    expect(formatCell(change, { balanceChange: -1_500 }, { ...format, record: { currency: 'EUR' } })).toBe('-€1.50');
    expect(formatCell(change, { balanceChange: 1_500 }, format)).toBe('1.50');
  });

  it('shows columns and actions by permission and user type', () => {
    const columns: Column[] = [{ field: 'a', title: 'x' }, { field: 'b', title: 'y', permissions: ['customer.read'] }];
    expect(visibleColumns(columns, permissionsOf('ADMIN')).map((c) => c.field)).toEqual(['a']);
    expect(visibleColumns(columns, permissionsOf('SUPER_ADMIN')).map((c) => c.field)).toEqual(['a', 'b']);
    const ids = (type: UserType) => visibleActions(accountsScreen.rowActions, permissionsOf(type, 'GENERAL'), main, type).map((a) => a.id);
    expect(ids('SUPER_ADMIN')).toEqual(['details', 'preview', 'changeName', 'topUp', 'transfer']);
    expect(ids('ADMIN')).toEqual(['details', 'preview', 'changeName', 'transfer']);
    expect(visibleActions(accountsScreen.rowActions, permissionsOf('USER', 'SPECIAL'), main, 'USER').map((a) => a.id)).toEqual(['details', 'preview']);
  });

  it('picks the empty message for the user, and counts only filters that narrow', () => {
    expect(emptyMessageFor(accountsScreen.emptyMessages, permissionsOf('SUPER_ADMIN'))).toBe('screens:accounts.emptyForCustomer');
    expect(emptyMessageFor(accountsScreen.emptyMessages, permissionsOf('ADMIN'))).toBe('screens:accounts.empty');
    expect(emptyMessageFor(undefined, [])).toBeUndefined();
    expect(isNarrowed({ customerId: 5, createdAt: {} }, ['customerId', 'createdAt'])).toBe(false);
    expect(isNarrowed({ customerId: 5, currency: ['EUR'] }, ['customerId'])).toBe(true);
  });

  it('fills the list call from the route and sends scope filters as parameters of their own', () => {
    const request = listRequestOf('GET /api/account/:id/balanceUpdates', { page: 2, limit: 10, options: { type: ['TOP_UP'] } }, { orderBy: 'createdAt', order: 'DESC' }, { params: { id: '7' } });
    expect(request).toEqual({ path: '/api/account/7/balanceUpdates', params: { page: 2, limit: 10, orderBy: 'createdAt', order: 'DESC', options: { type: ['TOP_UP'] } }, scoped: {} });
    const scoped = listRequestOf('GET /api/account', { page: 1, limit: 10, options: { customerId: 5, search: 'Main' } }, {}, { scopeFilters: ['customerId'] });
    expect(scoped.scoped).toEqual({ customerId: 5 });
    expect(scoped.params.options).toEqual({ search: 'Main' });
  });

  it('prefills form fields from the route, as numbers where the schema wants them', () => {
    const topUp = screenOf<FormScreen>('accountTopUp');
    const schema = { properties: { accountId: { type: 'integer' }, reference: { type: 'string' } } };
    expect(prefilledData(schema, topUp.prefill, { id: '12' })).toEqual({ accountId: 12 });
    expect(prefilledData(schema, { reference: 'ref' }, { ref: '0042' })).toEqual({ reference: '0042' });
    expect(prefilledData(schema, topUp.prefill, {})).toEqual({});
  });

  it('reads the currencies the deployment offers from the settings', () => {
    expect(availableCurrencies({ AVAILABLE_CURRENCIES: ['PLN', 'EUR', 3] })).toEqual(['PLN', 'EUR']);
    expect(availableCurrencies(undefined)).toEqual([]);
  });
});
