// @vitest-environment jsdom
// Guards of what makes a page of 50 rows cheap to show: no translation hook per cell or row, Intl
// formatters made once per locale and currency rather than per cell, usage figures and bar widths in
// the first render (no frame callback first), rows left alone when texts the table does not use
// arrive, and route actions that are plain links handled by one click handler.
import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryHistory } from '../../src/client/core/router/history.ts';
import { Router } from '../../src/client/core/router/router.ts';
import { RouterProvider } from '../../src/client/core/router/RouterProvider.tsx';
import { SCREENS } from '../../src/client/core/screens.ts';
import type { TableScreen as TableScreenDescriptor } from '../../src/client/renderer/descriptors.ts';

const counts = vi.hoisted(() => ({ useTranslation: 0, formatCell: 0 }));
vi.mock('../../src/client/core/useTranslation.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/client/core/useTranslation.ts')>();
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

const { initI18n, loadLanguage, translations } = await import('../../src/client/core/i18n.ts');
const { DataTable } = await import('../../src/client/renderer/table/DataTable.tsx');
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
  const element = createElement(DataTable, {
    columns: programs.columns,
    details: programs.rowDetails,
    rows: programRows(count),
    numberOfRecords: count,
    page: 1,
    limit: 50,
    orderBy: 'createdAt',
    order: 'DESC',
    rowActions: visibleActions(programs.rowActions, permissionsOf('ADMIN')),
    busy: false,
    viewKey: '',
    onSort: () => {},
    onPage: () => {},
    onRunAction: vi.fn(),
  });
  const router = new Router(
    [
      { path: '/panel/programs', element },
      { path: '*', element: createElement('p', null, 'elsewhere') },
    ],
    createMemoryHistory(['/panel/programs']),
  );
  render(createElement(RouterProvider, { router }));
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
      translations.addTexts('en', 'unrelated-test-namespace', { hello: 'Hello' });
    });
    expect(counts.formatCell).toBe(before);
  });

  it('open route actions in the app on a plain click, and leave other clicks to the browser', () => {
    const router = show(3);
    const edit = within(dataRows()[0]).getByRole('link', { name: 'Edit' });
    expect(edit.getAttribute('href')).toBe('/panel/programs/1/update');
    const payouts = within(dataRows()[0]).getByRole('link', { name: 'Show payouts' });
    expect(payouts.getAttribute('href')).toContain('/panel/payouts?options=');
    // A modified click (new tab) is the browser's: the app neither keeps it nor moves. (jsdom then
    // reports that it cannot open another document; that report is silenced until the test ends.)
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    edit.dispatchEvent(modified);
    expect(modified.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/panel/programs');
    // A plain click navigates in the app, and does not open the row's details on the way.
    expect(fireEvent.click(edit)).toBe(false);
    expect(router.state.location.pathname).toBe('/panel/programs/1/update');
  });
});
