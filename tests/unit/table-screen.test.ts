// @vitest-environment jsdom
// The generated list screen in a DOM, against a fake list API that really sorts and pages: what
// a user sees, what the address keeps, and what is sent.
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SCREENS } from '../../src/client/core/screens.ts';
import type { TableScreen as TableScreenDescriptor } from '../../src/client/renderer/descriptors.ts';
import { permissionsOf } from '../../src/shared/permissions.ts';
import { memoryRouter } from './memoryRouter.ts';

const session = vi.hoisted(() => ({ permissions: [] as string[] }));
vi.mock('../../src/client/core/session.tsx', () => ({ useSession: () => ({ me: { permissions: session.permissions } }) }));
// The form engine stands in as one text field: enough to see when the card loads it and what it submits.
const formEngine = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('../../src/client/renderer/form/SchemaForm.tsx', async () => {
  const { createElement: h, useState } = await import('react');
  formEngine.loaded++;
  return {
    default: function FakeSchemaForm(props: { formData: Record<string, unknown>; onSubmit: (data: unknown) => void; submitLabel: string; mode?: string; children?: unknown }) {
      const [search, setSearch] = useState(String(props.formData.search ?? ''));
      return h(
        'form',
        { 'data-mode': props.mode, onSubmit: (e: Event) => (e.preventDefault(), props.onSubmit({ ...props.formData, search })) },
        h('label', null, 'Search', h('input', { value: search, onChange: (e: { target: { value: string } }) => setSearch(e.target.value) })),
        h('button', { type: 'submit' }, props.submitLabel),
        props.children as never,
      );
    },
  };
});

const { initI18n, loadLanguage } = await import('../../src/client/core/i18n.ts');
const { createQueryClient } = await import('../../src/client/core/queryClient.ts');
const { default: TableScreen } = await import('../../src/client/renderer/table/TableScreen.tsx');

const recipients = SCREENS.find((s) => s.id === 'recipients') as TableScreenDescriptor;
const LAST = ['Nowak', 'Kowalski', 'Wójcik', 'Mazur', 'Smith'];

interface Recipient {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  blocked: boolean;
  createdAt: string;
  externalId: string;
  billonUserName: string | null;
}

let rows: Recipient[] = [];
let calls: { method: string; url: URL; body?: unknown }[] = [];

function listAnswer(url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const orderBy = (url.searchParams.get('orderBy') ?? 'createdAt') as keyof Recipient;
  const desc = (url.searchParams.get('order') ?? 'DESC') === 'DESC';
  const options = JSON.parse(url.searchParams.get('options') ?? '{}') as { search?: string };
  const found = rows
    .filter((r) => !options.search || r.lastName.includes(options.search))
    .sort((a, b) => (String(a[orderBy]) < String(b[orderBy]) ? -1 : String(a[orderBy]) > String(b[orderBy]) ? 1 : a.id - b.id) * (desc ? -1 : 1));
  return { items: found.slice((page - 1) * limit, page * limit), numberOfRecords: found.length };
}

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, url, body });
  if (method === 'POST' && url.pathname === '/api/payout/recipient/toggleBlackListed') {
    const row = rows.find((r) => r.id === (body as { id: number }).id)!;
    row.blocked = !row.blocked;
    return Promise.resolve(new Response(JSON.stringify(row), { status: 200 }));
  }
  return Promise.resolve(new Response(JSON.stringify(listAnswer(url)), { status: 200 }));
}

function show(address = '/panel/recipients') {
  const { router, view } = memoryRouter([{ path: '/panel/recipients', element: createElement(TableScreen, { screen: recipients }) }], address);
  render(createElement(QueryClientProvider, { client: createQueryClient() }, view));
  return router;
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');
// Cell 0 holds the details toggle, cell 1 the first name, cell 2 the last name.
const lastNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[2].textContent);
/** Opens a row's actions menu (its button is named by the row) and answers the menu. */
async function actionsOf(row: HTMLElement): Promise<HTMLElement> {
  fireEvent.click(within(row).getByRole('button', { name: /^Actions for / }));
  return within(row).findByRole('menu');
}
const search = (router: ReturnType<typeof show>) => Object.fromEntries(new URLSearchParams(router.state.location.search));

beforeAll(async () => {
  // Every namespace, as the app has once its background load is done.
  await initI18n();
  await loadLanguage('en');
});

beforeEach(() => {
  rows = Array.from({ length: 64 }, (_, i) => ({
    id: i + 1,
    firstName: `First${i + 1}`,
    lastName: LAST[(i * 7) % LAST.length],
    phoneNumber: `+48600000${String(i).padStart(3, '0')}`,
    email: `r${i + 1}@example.com`,
    blocked: i === 0,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86400000).toISOString(),
    externalId: `EMP-${1001 + i}`,
    billonUserName: null,
  }));
  calls = [];
  session.permissions = permissionsOf('ADMIN');
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('table screen', () => {
  it('shows the first 10 rows, newest first, with "1 - 10 of 64"', async () => {
    show();
    expect(await screen.findByText('1 - 10 of 64')).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(bodyRows()[0]).getByText('First64')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
  });

  it('sorts by a header click, ascending then descending, and keeps it in the address', async () => {
    const router = show();
    await screen.findByText('1 - 10 of 64');
    const header = () => screen.getByRole('columnheader', { name: /Last name/ });
    fireEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));
    expect(search(router)).toMatchObject({ orderBy: 'lastName', order: 'ASC' });
    await waitFor(() => expect(lastNames()).toEqual([...lastNames()].sort()));
    await waitFor(() => expect(lastNames()[0]).toBe('Kowalski'));
    fireEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(lastNames()[0]).toBe('Wójcik'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(search(router)).toMatchObject({ orderBy: 'lastName', order: 'DESC' });
    expect(calls.at(-1)!.url.searchParams.get('order')).toBe('DESC');
  });

  it('pages, and a new page size goes back to page 1', async () => {
    const router = show();
    await screen.findByText('1 - 10 of 64');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('11 - 20 of 64')).toBeTruthy();
    expect(search(router).page).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('61 - 64 of 64')).toBeTruthy();
    expect(bodyRows()).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '20' } });
    expect(await screen.findByText('1 - 20 of 64')).toBeTruthy();
    expect(search(router)).toEqual({ limit: '20' });
    expect(bodyRows()).toHaveLength(20);
  });

  it('opens one details row at a time, by its toggle button or a click on the row', async () => {
    show();
    await screen.findByText('1 - 10 of 64');
    // Newest first: the rows hold EMP-1064, EMP-1063, EMP-1062, …
    const dataRow = (index: number) => bodyRows().filter((row) => row.classList.contains('data-row'))[index];
    const toggle = (index: number) => within(dataRow(index)).getByRole('button', { name: 'Details' });
    expect(toggle(0).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle(0));
    expect(await screen.findByText('EMP-1064')).toBeTruthy();
    expect(toggle(0).getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle(0).getAttribute('aria-controls')!)?.textContent).toContain('EMP-1064');
    // The rows themselves are no widgets: the state is on the button only.
    expect(dataRow(0).hasAttribute('aria-expanded')).toBe(false);
    fireEvent.click(toggle(1));
    await waitFor(() => expect(screen.queryByText('EMP-1064')).toBeNull());
    expect(screen.getByText('EMP-1063')).toBeTruthy();
    expect(toggle(0).getAttribute('aria-expanded')).toBe('false');
    // A click on the row itself opens it too, for the mouse.
    fireEvent.click(dataRow(2));
    await waitFor(() => expect(screen.queryByText('EMP-1063')).toBeNull());
    expect(screen.getByText('EMP-1062')).toBeTruthy();
    fireEvent.click(toggle(2));
    await waitFor(() => expect(screen.queryByText('EMP-1062')).toBeNull());
  });

  it('shows "Add new" and managing actions to an administrator, none to a viewer', async () => {
    show();
    await screen.findByText('1 - 10 of 64');
    expect(screen.getByRole('link', { name: 'Add new' }).getAttribute('href')).toBe('/panel/recipients/create');
    expect(within(await actionsOf(bodyRows()[0])).getByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    cleanup();
    session.permissions = permissionsOf('USER', 'SPECIAL');
    show();
    await screen.findByText('1 - 10 of 64');
    expect(screen.queryByRole('link', { name: 'Add new' })).toBeNull();
    const items = within(await actionsOf(bodyRows()[0])).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Show payouts', 'Bank accounts']);
    expect(items[0].getAttribute('href')).toContain('/panel/payouts?options=');
  });

  it('shows chips from the address alone and removes them', async () => {
    const router = show(`/panel/recipients?page=2&options=${encodeURIComponent(JSON.stringify({ search: 'Nowak' }))}`);
    const remove = await screen.findByRole('button', { name: 'Remove filter Search' });
    expect(screen.getByText('Nowak', { selector: '.filter-chip-text, .filter-chip-text *', exact: false })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.includes('SchemaForm'))).toBe(false);
    fireEvent.click(remove);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1 - 10 of 64')).toBeTruthy();
  });

  it('loads the filter form only when the card opens, and closes the card on submit', async () => {
    const router = show('/panel/recipients?page=3&orderBy=lastName&order=ASC');
    await screen.findByText('21 - 30 of 64');
    expect(formEngine.loaded).toBe(0);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const field = await screen.findByLabelText('Search');
    expect(formEngine.loaded).toBe(1);
    expect(screen.getByRole('region', { name: 'Filters' }).querySelector('form')!.dataset.mode).toBe('filter');
    fireEvent.change(field, { target: { value: 'Nowak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull());
    // Filters start again from page 1 and keep the order.
    expect(search(router)).toEqual({ orderBy: 'lastName', order: 'ASC', options: JSON.stringify({ search: 'Nowak' }) });
    expect(await screen.findByRole('button', { name: 'Remove filter Search' })).toBeTruthy();
    await waitFor(() => expect(new Set(lastNames())).toEqual(new Set(['Nowak'])));
  });

  it('says "No records" and shows no pagination when nothing matches', async () => {
    show(`/panel/recipients?options=${encodeURIComponent(JSON.stringify({ search: 'Nobody' }))}`);
    expect(await screen.findByText('No records')).toBeTruthy();
    expect(screen.queryByText('Rows per page')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('blocks a recipient through the confirm flow and fetches the list again', async () => {
    show();
    await screen.findByText('1 - 10 of 64');
    const row = bodyRows()[0];
    expect(within(row).getByText('Not blocked')).toBeTruthy();
    fireEvent.click(within(await actionsOf(row)).getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Block this recipient? A blocked recipient cannot collect payouts.')).toBeTruthy();
    // The question alone changes nothing.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' })));
    expect(await screen.findByText('The recipient has been blocked.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ id: 64 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(within(bodyRows()[0]).getByText('Blocked')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failed action in the modal', async () => {
    show();
    await screen.findByText('1 - 10 of 64');
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? Promise.resolve(new Response(JSON.stringify({ code: 'RECIPIENT_NOT_FOUND', message: 'Recipient not found' }), { status: 404 }))
          : fakeFetch(input, init),
      ),
    );
    fireEvent.click(within(await actionsOf(bodyRows()[0])).getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Recipient not found');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the payouts list', () => {
  const payouts = SCREENS.find((s) => s.id === 'payouts') as TableScreenDescriptor;

  function showPayouts(options: Record<string, unknown>) {
    const address = `/panel/payouts?options=${encodeURIComponent(JSON.stringify(options))}`;
    const { router, view } = memoryRouter([{ path: '/panel/payouts', element: createElement(TableScreen, { screen: payouts }) }], address);
    render(createElement(QueryClientProvider, { client: createQueryClient() }, view));
    return router;
  }

  it('sends the rows chosen by their checkboxes, and forgets them when the filters change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          calls.push({ method: 'PUT', url: new URL(String(input), 'http://localhost'), body: JSON.parse(String(init.body)) });
          return Promise.resolve(new Response(JSON.stringify({ matching: 2, changeable: 2, updated: 0 }), { status: 200 }));
        }
        return fakeFetch(input, init);
      }),
    );
    const router = showPayouts({ status: ['NEW'] });
    await screen.findByText('1 - 10 of 64');
    const selectedScope = await screen.findByRole('radio', { name: 'Selected rows (0)' });
    expect((selectedScope as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 64' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 62' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Selected rows (2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'TO_COLLECT', ids: [62, 64] }]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    // A page checkbox adds the page's rows; other filters start a new selection.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the rows of this page' }));
    expect(await screen.findByRole('radio', { name: 'Selected rows (10)' })).toBeTruthy();
    await act(async () => router.history.push(`/panel/payouts?options=${encodeURIComponent(JSON.stringify({ status: ['SUSPENDED'] }))}`));
    expect(await screen.findByRole('radio', { name: 'Selected rows (0)' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox').some((box) => (box as HTMLInputElement).checked)).toBe(false);
  });

  it('a details row loads the payout and shows its status history as a table', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/payout/64') {
          const history = [
            { at: '2026-01-02T10:00:00.000Z', from: null, to: 'TO_COLLECT', by: 'Anna Admin', byKind: 'USER' },
            { at: '2026-01-03T10:00:00.000Z', from: 'TO_COLLECT', to: 'SUSPENDED', by: 'Piotr Manager', byKind: 'API_KEY' },
          ];
          return Promise.resolve(new Response(JSON.stringify({ id: 64, title: 'Bonus', history }), { status: 200 }));
        }
        return fakeFetch(input, init);
      }),
    );
    showPayouts({ status: ['TO_COLLECT'] });
    await screen.findByText('1 - 10 of 64');
    const firstRow = bodyRows().find((row) => row.classList.contains('data-row'))!;
    fireEvent.click(within(firstRow).getByRole('button', { name: 'Details' }));
    const history = await screen.findByRole('region', { name: 'Status history' });
    const table = within(history).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'From', 'To', 'By', 'Acting as']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(2).map((td) => td.textContent))).toEqual([
      ['To collect', 'Anna Admin', 'User'],
      ['Suspended', 'Piotr Manager', 'API key'],
    ]);
  });
});

describe('failures', () => {
  it('a render failure shows the fallback text, and another address tries again', async () => {
    const { TableErrorBoundary } = await import('../../src/client/renderer/table/TableErrorBoundary.tsx');
    const Broken = () => {
      throw new Error('broken cell');
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(createElement(TableErrorBoundary, { resetKey: 'page=1', children: createElement(Broken) }));
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again later.');
    view.rerender(createElement(TableErrorBoundary, { resetKey: 'page=2', children: createElement('p', null, 'rows') }));
    expect(screen.getByText('rows')).toBeTruthy();
    quiet.mockRestore();
  });

  it('a list the server refuses to give shows the fallback text in the table', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ validationErrors: [{ property: 'orderBy', errors: [{ code: 'INVALID_ENUM' }] }] }), { status: 400 }))));
    show('/panel/recipients?orderBy=nothing');
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(screen.queryByText('Rows per page')).toBeNull();
  });
});
