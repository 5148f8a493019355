// @vitest-environment jsdom
// The account picker (payouts use it too): every account as "name (#id)" with its available funds, only those the user
// manages and that hold funds selectable, the others disabled with the reason; Next hands on the chosen account.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../src/shared/accounts.ts';
import { formatAmount } from '../../src/shared/money.ts';
import { changeLanguage, initI18n, loadLanguage } from '../../src/client/core/i18n.ts';
import { AccountPicker } from '../../src/client/renderer/accounts/AccountPicker.tsx';
import { counterpartAccounts, isPickable, unpickableReason } from '../../src/client/renderer/accounts/accounts.ts';

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadLanguage('en'), loadLanguage('pl')]);
});
afterEach(() => {
  cleanup();
  act(() => void changeLanguage('en'));
});

function account(id: number, name: string, balance: number, canManage = true, currency = 'PLN', customerId = 1): Account {
  return {
    id,
    name,
    currency,
    balance,
    lockedBalance: 0,
    totalBalance: balance,
    customerId,
    customerName: 'Demo Company',
    channelType: null,
    transferType: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    canManage,
  };
}

const main = account(1, 'Main PLN account', 1_234_500);
const empty = account(2, 'Empty account', 0);
const foreign = account(3, 'Viewed account', 5_000_000, false);
const euro = account(4, 'Euro account', 2_500_000, true, 'EUR');
const ALL = [main, empty, foreign, euro];

const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name.replace(/[()#]/g, '\\$&')}`) }) as HTMLInputElement;
/** The text of the elements an element's aria-describedby names. */
const description = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('which accounts may be picked', () => {
  it('takes an account the user manages that holds available funds', () => {
    expect(isPickable(main)).toBe(true);
    expect(isPickable(empty)).toBe(false);
    expect(isPickable(foreign)).toBe(false);
    expect(isPickable({ canManage: true, balance: -10 })).toBe(false);
    expect(unpickableReason(main)).toBeUndefined();
    expect(unpickableReason(empty)).toBe('accountPicker.noFunds');
    expect(unpickableReason(foreign)).toBe('accountPicker.notManaged');
  });

  it('offers the other end of a transfer among the same customer and currency only', () => {
    const other = account(5, 'Savings', 0);
    const elsewhere = account(6, 'Other customer', 10, true, 'PLN', 2);
    expect(counterpartAccounts([main, other, euro, elsewhere], main).map((a) => a.id)).toEqual([5]);
    expect(counterpartAccounts([main, other], undefined)).toEqual([]);
  });
});

describe('AccountPicker', () => {
  it('lists every account with its funds; the ones that cannot be picked are disabled with the reason', () => {
    render(<AccountPicker accounts={ALL} legend="From account" onNext={() => {}} />);
    const group = screen.getByRole('group', { name: 'From account' });
    expect(within(group).getAllByRole('radio')).toHaveLength(4);
    expect(radio('Main PLN account (#1)').disabled).toBe(false);
    expect(radio('Euro account (#4)').disabled).toBe(false);
    expect(radio('Empty account (#2)').disabled).toBe(true);
    expect(radio('Viewed account (#3)').disabled).toBe(true);
    expect(screen.getByText('Available funds: PLN 1,234.50')).toBeTruthy();
    expect(screen.getByText('Available funds: €2,500.00')).toBeTruthy();
    // The reason is the disabled radio's description.
    expect(description(radio('Empty account (#2)'))).toBe('There are no available funds on this account.');
    expect(description(radio('Viewed account (#3)'))).toBe('You may not manage this account.');
  });

  it('hands on the chosen account with Next', () => {
    const onNext = vi.fn();
    const onChange = vi.fn();
    render(<AccountPicker accounts={ALL} legend="From account" onNext={onNext} onChange={onChange} />);
    fireEvent.click(radio('Euro account (#4)'));
    expect(onChange).toHaveBeenCalledWith(euro);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith(euro);
  });

  it('asks for a choice when Next is pressed without one, and a disabled account cannot be chosen', () => {
    const onNext = vi.fn();
    render(<AccountPicker accounts={ALL} legend="From account" onNext={onNext} />);
    fireEvent.click(radio('Empty account (#2)'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).not.toHaveBeenCalled();
    expect(screen.getByText('Choose an account.')).toBeTruthy();
    expect(description(screen.getByRole('group', { name: 'From account' }))).toBe('Choose an account.');
    fireEvent.click(radio('Main PLN account (#1)'));
    expect(screen.queryByText('Choose an account.')).toBeNull();
  });

  it('starts with the given account chosen, unless it cannot be picked', () => {
    const { unmount } = render(<AccountPicker accounts={ALL} value={1} legend="From account" onNext={() => {}} />);
    expect(radio('Main PLN account (#1)').checked).toBe(true);
    unmount();
    const onNext = vi.fn();
    render(<AccountPicker accounts={ALL} value={2} legend="From account" onNext={onNext} />);
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    // Enter in the form (its submit) goes on like the button.
    fireEvent.click(radio('Main PLN account (#1)'));
    fireEvent.submit(screen.getByRole('button', { name: 'Next' }).closest('form')!);
    expect(onNext).toHaveBeenCalledWith(main);
  });

  it('says so when there is no account at all', () => {
    render(<AccountPicker accounts={[]} legend="From account" onNext={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('You do not have any Accounts.');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('speaks Polish, amounts included', async () => {
    await act(() => changeLanguage('pl'));
    render(<AccountPicker accounts={[main, empty]} legend="Z rachunku" onNext={() => {}} />);
    expect(screen.getByText(`Dostępne środki: ${formatAmount(1_234_500, { locale: 'pl-PL', currency: 'PLN' })}`.replace(/\s+/g, ' '))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeTruthy();
    expect(description(radio('Empty account (#2)'))).toBe('Na tym rachunku nie ma dostępnych środków.');
  });
});
