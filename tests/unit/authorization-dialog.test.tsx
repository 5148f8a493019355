// @vitest-environment jsdom
// The Authorization dialog says what the SMS code authorises: the operation by its label, the amount with its currency
// in the language's money format, and the account(s), in English and in Polish.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizationSubject } from '../../src/shared/stepUp.ts';

const { initI18n, loadLanguage, changeLanguage } = await import('../../src/client/core/i18n.ts');
const { default: AuthorizationDialog } = await import('../../src/client/core/AuthorizationDialog.tsx');

const transfer: AuthorizationSubject = {
  operation: 'INTERNAL',
  amount: 15_000_000,
  currency: 'PLN',
  account: { id: 3, name: 'Main PLN account' },
  toAccount: { id: 4, name: 'Payroll PLN' },
};

/** The dialog's lines of what is authorised, as "label: value" (Intl's no-break spaces read as spaces). */
function lines(): string[] {
  const list = document.querySelector('dialog dl');
  return Array.from(list?.querySelectorAll('dt') ?? []).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`.replace(/\s/g, ' '));
}

function show(subject: AuthorizationSubject) {
  render(createElement(AuthorizationDialog, { subject, confirm: () => Promise.resolve(undefined), cancel: () => {} }));
}

beforeAll(async () => {
  // jsdom has no <dialog> methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  await initI18n();
  await Promise.all([loadLanguage('en'), loadLanguage('pl')]);
});

afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

describe('the Authorization dialog', () => {
  it('names a transfer, its amount with the currency and both accounts, in English and in Polish', async () => {
    show(transfer);
    expect(screen.getByRole('dialog', { name: 'Authorization' })).toBeTruthy();
    expect(lines()).toEqual([
      'Operation: Transfer between accounts',
      'Amount: PLN 15,000.00',
      'From account: Main PLN account (#3)',
      'To account: Payroll PLN (#4)',
    ]);
    await act(() => changeLanguage('pl'));
    expect(lines()).toEqual([
      'Operacja: Przelew między rachunkami',
      'Kwota: 15 000,00 zł',
      'Z rachunku: Main PLN account (#3)',
      'Na rachunek: Payroll PLN (#4)',
    ]);
  });

  it('names an approval of several accounts’ payouts by their number', () => {
    show({ operation: 'PAYOUT_APPROVAL', amount: 13_000_000, currency: 'EUR', account: null, payouts: 2 });
    expect(lines()).toEqual(['Operation: Approval of payouts', 'Amount: €13,000.00', 'Accounts: Several accounts', 'Payouts: 2']);
  });

  it('has a label in both languages for every operation the answer may name', async () => {
    const schema = JSON.parse(readFileSync('schemas/responses/authorization-required.json', 'utf8'));
    const operations: string[] = schema.properties.authorization.properties.operation.enum;
    expect(operations).toHaveLength(5);
    const shown: Record<string, string[]> = { en: [], pl: [] };
    for (const language of ['en', 'pl'] as const) {
      await act(() => changeLanguage(language));
      for (const operation of operations) {
        show({ operation: operation as AuthorizationSubject['operation'], amount: 1000, currency: 'PLN', account: { id: 1, name: 'A' } });
        shown[language].push(lines()[0]);
        cleanup();
      }
    }
    expect(shown).toEqual({
      en: ['Operation: Top-up of an account', 'Operation: Transfer between accounts', 'Operation: New payout', 'Operation: Approval of payouts', 'Operation: Import of payouts'],
      pl: ['Operacja: Zasilenie rachunku', 'Operacja: Przelew między rachunkami', 'Operacja: Nowa wypłata', 'Operacja: Zatwierdzenie wypłat', 'Operacja: Import wypłat'],
    });
  });
});
