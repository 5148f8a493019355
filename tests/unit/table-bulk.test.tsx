// @vitest-environment jsdom
// The bulk bar's steps against a fake API: the count asked first without `confirm`, the question it answers, the run
// with `confirm: true`, and what a failed count or a failed run leaves on screen.
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SCREENS } from '../../src/client/core/screens.ts';
import type { TableScreen as TableScreenDescriptor } from '../../src/client/renderer/descriptors.ts';

const { initI18n, loadLanguage } = await import('../../src/client/core/i18n.ts');
const { BulkBar } = await import('../../src/client/renderer/table/BulkBar.tsx');

const bulk = (SCREENS.find((s) => s.id === 'payouts') as TableScreenDescriptor).bulk!;
type Answer = { status: number; body: unknown };
let answers: Answer[] = [];
let bodies: unknown[] = [];

beforeAll(async () => {
  await initI18n();
  await loadLanguage('en');
});

beforeEach(() => {
  answers = [];
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      const { status, body } = answers.shift()!;
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(onDone = vi.fn()) {
  render(createElement(BulkBar, { bulk, actions: bulk.actions, options: { status: ['NEW'] }, selectedIds: [], onDone }));
  return onDone;
}

describe('bulk bar', () => {
  it('never offers a move to the one status the list is filtered by, and starts on the first that changes something', () => {
    const offered = (status: string[]) => {
      render(createElement(BulkBar, { bulk, actions: bulk.actions, options: { status }, selectedIds: [], onDone: vi.fn() }));
      const select = screen.getByRole('combobox', { name: 'New status' }) as HTMLSelectElement;
      const shown = [within(select).getAllByRole('option').map((option) => option.textContent), select.selectedOptions[0].textContent];
      cleanup();
      return shown;
    };
    expect(offered(['TO_COLLECT'])).toEqual([['Suspended', 'Cancelled'], 'Suspended']);
    expect(offered(['CANCELLED'])).toEqual([['To collect', 'Suspended'], 'To collect']);
    // Two statuses: every move changes some of the rows.
    expect(offered(['TO_COLLECT', 'SUSPENDED'])).toEqual([['To collect', 'Suspended', 'Cancelled'], 'To collect']);
  });

  it('counts, asks, runs with confirm and reports how many changed', async () => {
    answers = [
      { status: 200, body: { matching: 3, changeable: 2, updated: 0 } },
      { status: 200, body: { matching: 3, changeable: 2, updated: 2 } },
    ];
    const onDone = show();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Only 2 of 3 will be updated to “To collect”. Continue?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Updated: 2.')).toBeTruthy();
    expect(bodies).toEqual([
      { status: 'TO_COLLECT', options: JSON.stringify({ status: ['NEW'] }) },
      { status: 'TO_COLLECT', options: JSON.stringify({ status: ['NEW'] }), confirm: true },
    ]);
    // The result's button may show a render after its text, on a busy machine.
    fireEvent.click(await screen.findByRole('button', { name: 'Ok' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('offers only OK when nothing can change', async () => {
    answers = [{ status: 200, body: { matching: 3, changeable: 0, updated: 0 } }];
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('None of the 3 chosen can change to “To collect”.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toHaveLength(1);
  });

  it('a failed count says so beside the bar; a failed run says so in the question, which stays', async () => {
    answers = [{ status: 500, body: {} }];
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    answers = [
      { status: 200, body: { matching: 3, changeable: 3, updated: 0 } },
      { status: 500, body: {} },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(within(dialog).getByText('3 will be updated to “To collect”. Continue?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });
});
