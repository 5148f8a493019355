// @vitest-environment jsdom
// Guards of what makes a page of 50 rows cheap to show: no translation hook per cell or row, Intl
// formatters made once per locale and currency rather than per cell, usage figures and bar widths in
// the first render (no frame callback first), rows left alone when texts the table does not use
// arrive, and route actions that are plain links handled by one click handler.
import { createElement, useState } from 'react';
import { functionalUpdate, type PaginationState, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SCREENS } from '../../src/client/core/screens.ts';
import type { TableScreen as TableScreenDescriptor } from '../../src/client/renderer/descriptors.ts';
import { memoryRouter } from './memoryRouter.ts';

const counts = vi.hoisted(() => ({ useTranslation: 0, formatCell: 0 }));
vi.mock('react-i18next', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-i18next')>();
  return {
    ...actual,
    useTranslation: (...args: Parameters<typeof actual.useTranslation>) => {
      counts.useTranslation++;
      return actual.useTranslation(...args);
    },
  };
});
vi.mock('../../src/client/renderer/table/format.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/client/renderer/table/format.ts')>();
  return {
    ...actual,
    formatCell: (...args: Parameters<typeof actual.formatCell>) => {
      counts.formatCell++;
      return actual.formatCell(...args);
    },
  };
});

// The rows read the customer's time zone from the session: a customer's user in Warsaw.
vi.mock('../../src/client/core/session.tsx', () => ({ useSession: () => ({ me: { customer: { timeZone: 'Europe/Warsaw' } } }) }));

const { i18n, initI18n, loadLanguage } = await import('../../src/client/core/i18n.ts');
const { RowsTable } = await import('../../src/client/renderer/table/RowsTable.tsx');
const { visibleActions } = await import('../../src/client/renderer/table/actions.ts');
const { permissionsOf } = await import('../../src/shared/permissions.ts');

const programs = SCREENS.find((s) => s.id === 'programs') as TableScreenDescriptor;
const CURRENCIES = ['PLN', 'EUR', 'GBP', 'USD'];

function programRows(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Program ${i + 1}`,
    currency: CURRENCIES[i % CURRENCIES.length],
    budget: 2_500_000,
    usedBudget: 1_875_000,
    budgetInterval: 'MONTHLY',
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86400000).toISOString(),
    url: `program-${i + 1}`,
    reminderEnabled: false,
  }));
}

function show(count: number) {
  const element = createElement(RowsTable, {
    columns: programs.columns,
    details: programs.rowDetails,
    rows: programRows(count),
    rowCount: count,
    sorting: [{ id: 'createdAt', desc: true }],
    onSortingChange: () => {},
    pagination: { pageIndex: 0, pageSize: 50 },
    onPaginationChange: () => {},
    rowActions: visibleActions(programs.rowActions, permissionsOf('ADMIN')),
    busy: false,
    viewKey: '',
    onRunAction: vi.fn(),
  });
  const { router, view } = memoryRouter(
    [
      { path: '/panel/programs', element },
      { path: '*', element: createElement('p', null, 'elsewhere') },
    ],
    '/panel/programs',
  );
  render(view);
  return router;
}

const dataRows = () => screen.getAllByRole('row').filter((row) => row.classList.contains('data-row'));

beforeAll(async () => {
  await initI18n();
  await loadLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('50 rows', () => {
  it('read the translations once per table, not once per cell or row', () => {
    counts.useTranslation = 0;
    show(50);
    expect(dataRows()).toHaveLength(50);
    const forFifty = counts.useTranslation;
    cleanup();
    counts.useTranslation = 0;
    show(5);
    expect(counts.useTranslation).toBe(forFifty);
    // The table and the pagination bar.
    expect(forFifty).toBeLessThanOrEqual(4);
  });

  it('make an Intl number formatter once per locale and currency, not per cell', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    show(50);
    // 100 amounts in usage bars and 50 budgets, in four currencies (some may be cached already).
    expect(made.mock.calls.length).toBeLessThanOrEqual(CURRENCIES.length);
    expect(screen.getAllByText(/^€2,500\.00$/)).toHaveLength(13);
  });

  it('show the usage figure and the bar at its width in the first render, with no frame to wait for', () => {
    const frame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frame);
    show(50);
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(50);
    expect(bars[0].getAttribute('aria-valuetext')).toMatch(/^75% \(PLN\s1,875\.00 of PLN\s2,500\.00\)$/);
    expect((bars[0].querySelector('.usage-fill') as HTMLElement).style.width).toBe('75%');
    expect(bars[0].parentElement!.querySelector('.usage-text')!.textContent).toMatch(/^75% \(PLN\s1,875\.00 of PLN\s2,500\.00\)$/);
    expect(frame).not.toHaveBeenCalled();
  });

  it('are not rendered again when texts the table does not use arrive', async () => {
    show(50);
    const before = counts.formatCell;
    await act(async () => {
      i18n.addResourceBundle('en', 'unrelated-test-namespace', { hello: 'Hello' });
    });
    expect(counts.formatCell).toBe(before);
  });

  it('open route actions in the app on a plain click, and leave other clicks to the browser', async () => {
    const router = show(3);
    // The actions are items of the row's menu, opened by its button.
    const openMenu = async () => {
      fireEvent.click(within(dataRows()[0]).getByRole('button', { name: /^Actions for / }));
      return within(dataRows()[0]).findByRole('menu');
    };
    const menu = await openMenu();
    const edit = within(menu).getByRole('menuitem', { name: 'Edit' });
    expect(edit.getAttribute('href')).toBe('/panel/programs/1/update');
    const payouts = within(menu).getByRole('menuitem', { name: 'Show payouts' });
    expect(payouts.getAttribute('href')).toContain('/panel/payouts?options=');
    // A modified click (new tab) is the browser's: the app neither keeps it nor moves. (jsdom then
    // reports that it cannot open another document; that report is silenced until the test ends.)
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    act(() => {
      edit.dispatchEvent(modified);
    });
    expect(modified.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/panel/programs');
    // A plain click navigates in the app, and does not open the row's details on the way.
    const again = within(await openMenu()).getByRole('menuitem', { name: 'Edit' });
    expect(fireEvent.click(again)).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/panel/programs/1/update'));
  });
});

const runAction = () => {};
const NO_ACTIONS: never[] = [];
/** The table with its state held as the screen holds it: sorting, page, selection; every change is recorded. */
function Controlled(props: {
  rows: ReturnType<typeof programRows>;
  details?: TableScreenDescriptor['rowDetails'];
  viewKey?: string;
  selection?: RowSelectionState;
  onChange: (change: { sorting?: SortingState; pagination?: PaginationState; selection?: RowSelectionState }) => void;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'createdAt', desc: true }]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const [selection, setSelection] = useState<RowSelectionState>(props.selection ?? {});
  return createElement(RowsTable, {
    columns: programs.columns,
    details: props.details ?? programs.rowDetails,
    rows: props.rows,
    rowCount: 95,
    sorting,
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting);
      props.onChange({ sorting: next });
      setSorting(next);
    },
    pagination,
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      props.onChange({ pagination: next });
      setPagination(next);
    },
    rowActions: NO_ACTIONS,
    busy: false,
    viewKey: props.viewKey ?? '',
    onRunAction: runAction,
    rowSelection: selection,
    onRowSelectionChange: (updater) => {
      const next = functionalUpdate(updater, selection);
      props.onChange({ selection: next });
      setSelection(next);
    },
  });
}

function showControlled(props: Omit<Parameters<typeof Controlled>[0], 'onChange'>) {
  const changes: Parameters<Parameters<typeof Controlled>[0]['onChange']>[0][] = [];
  const element = (more: Partial<typeof props> = {}) =>
    createElement(Controlled, { ...props, ...more, onChange: (change) => changes.push(change) });
  const inRouter = (more: Partial<typeof props> = {}) => memoryRouter([{ path: '*', element: element(more) }], '/panel/programs').view;
  const view = render(inRouter());
  return { changes, rerender: (more: Partial<typeof props>) => view.rerender(inRouter(more)) };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('sorting and paging', () => {
  it('ask for ascending first on any sortable column, amounts too, then toggle; plain columns have no sort button', () => {
    const { changes } = showControlled({ rows: programRows(10) });
    const budget = screen.getByRole('columnheader', { name: 'Budget' });
    expect(budget.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(budget).getByRole('button'));
    expect(changes.at(-1)).toEqual({ sorting: [{ id: 'budget', desc: false }] });
    expect(budget.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(budget).getByRole('button'));
    expect(changes.at(-1)).toEqual({ sorting: [{ id: 'budget', desc: true }] });
    fireEvent.click(within(budget).getByRole('button'));
    expect(changes.at(-1)).toEqual({ sorting: [{ id: 'budget', desc: false }] });
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('none');
    const interval = screen.getAllByRole('columnheader').find((th) => th.textContent === 'Interval' || th.textContent === 'Budget interval');
    expect(interval && within(interval).queryByRole('button')).toBeNull();
  });

  it('ask for the page the bar names and for a new page size', () => {
    const { changes } = showControlled({ rows: programRows(10) });
    expect(screen.getByText('1 - 10 of 95')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(changes.at(-1)).toEqual({ pagination: { pageIndex: 9, pageSize: 10 } });
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '20' } });
    expect(changes.at(-1)?.pagination?.pageSize).toBe(20);
  });
});

describe('selection', () => {
  it('chooses rows by their labelled checkboxes and a page by the header, keeping rows of other pages', () => {
    const { changes } = showControlled({ rows: programRows(5), selection: { 99: true } });
    const before = counts.formatCell;
    fireEvent.click(checkbox('Select row 2'));
    expect(changes.at(-1)).toEqual({ selection: { 99: true, 2: true } });
    expect(checkbox('Select row 2').checked).toBe(true);
    // Only the row that changed is drawn again.
    expect(counts.formatCell - before).toBe(programs.columns.length);
    expect(checkbox('Select the rows of this page').checked).toBe(false);
    fireEvent.click(checkbox('Select the rows of this page'));
    expect(Object.keys(changes.at(-1)!.selection!).sort()).toEqual(['1', '2', '3', '4', '5', '99']);
    expect(checkbox('Select the rows of this page').checked).toBe(true);
    expect(dataRows().every((row) => (within(row).getByRole('checkbox') as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(checkbox('Select the rows of this page'));
    expect(changes.at(-1)).toEqual({ selection: { 99: true } });
    fireEvent.click(checkbox('Select row 2'));
    fireEvent.click(checkbox('Select row 2'));
    expect(changes.at(-1)).toEqual({ selection: { 99: true } });
  });

  it('offers no page checkbox to use on an empty page', () => {
    showControlled({ rows: [] });
    expect(screen.getByText('No records')).toBeTruthy();
    expect(checkbox('Select the rows of this page').disabled).toBe(true);
  });
});

describe('details rows', () => {
  const toggle = (index: number) => within(dataRows()[index]).getByRole('button', { name: 'Details' });

  it('stay open side by side where the descriptor allows several', () => {
    showControlled({ rows: programRows(3), details: { ...programs.rowDetails!, multiple: true } });
    fireEvent.click(toggle(0));
    fireEvent.click(toggle(2));
    expect(toggle(0).getAttribute('aria-expanded')).toBe('true');
    expect(toggle(2).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('row').filter((row) => row.classList.contains('details-row'))).toHaveLength(2);
    fireEvent.click(toggle(0));
    expect(toggle(0).getAttribute('aria-expanded')).toBe('false');
    expect(toggle(2).getAttribute('aria-expanded')).toBe('true');
  });

  it('close when the view changes (another page, order or filter)', () => {
    const rows = programRows(3);
    const { rerender } = showControlled({ rows, viewKey: 'page=1' });
    fireEvent.click(toggle(1));
    expect(toggle(1).getAttribute('aria-expanded')).toBe('true');
    rerender({ viewKey: 'page=1' });
    expect(toggle(1).getAttribute('aria-expanded')).toBe('true');
    rerender({ viewKey: 'page=2' });
    expect(screen.getAllByRole('button', { name: 'Details' }).every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
  });
});
