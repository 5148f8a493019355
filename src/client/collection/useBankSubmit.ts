// Step 4's sending: a new account saved first (once: a second try collects to it), then the payouts collected to
// the chosen account; when the recipient's limits allow only some of them, which ones, to collect those alone.
import { useState, type FormEvent } from 'react';
import type { BankAccount, CollectablePayout, NewBankAccount } from '../../shared/collection.ts';
import { ApiError } from '../core/apiError.ts';
import type { Translate } from '../core/textStore.ts';
import { checkNewAccount, DETAILS } from './bankAccountCheck.ts';
import { failureOf } from './failures.ts';
import { addBankAccount, collect } from './pageApi.ts';
import { EMPTY, type BankChoice } from './useBankChoice.ts';

/** `id`: the prefix of the fields' ids, to move the focus to the first wrong one. */
export function useBankSubmit(bank: BankChoice, payouts: CollectablePayout[], onCollected: (ids: number[], account: BankAccount) => void, id: string, t: Translate) {
  const [busy, setBusy] = useState(false);
  const [fitting, setFitting] = useState<number[] | null>(null);
  const [stale, setStale] = useState(false);
  const { accounts, setAccounts, choice, setChoice, adding, setDetails, setErrors, routeProblem, setMessage } = bank;

  /** The new account's details, or null after showing what is wrong with them. */
  async function checkedAccount(): Promise<NewBankAccount | null> {
    const { countryCode, beneficiaryType, details, shown } = bank;
    const { account, found } = await checkNewAccount({ countryCode, currency: payouts[0].currency, beneficiaryType, details, shown }, t);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return null;
    }
    return account;
  }

  async function collectTo(account: BankAccount, onlyFitting: boolean) {
    try {
      const answer = await collect({ payoutIds: payouts.map((payout) => payout.id), bankAccountId: account.id, ...(onlyFitting ? { onlyFitting } : {}) });
      onCollected(answer.ids, account);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      const named = error instanceof ApiError ? error.body?.fitting : undefined;
      setFitting(code === 'COLLECTION_LIMIT_SOME' && Array.isArray(named) ? named.filter((value): value is number => typeof value === 'number') : null);
      setStale(code === 'PAYOUTS_NOT_AVAILABLE');
      setMessage(failureOf(error, t).message);
    }
  }

  async function submit(event: FormEvent, onlyFitting = false) {
    event.preventDefault();
    if (busy || routeProblem) return;
    setMessage(null);
    setBusy(true);
    try {
      let account = accounts?.find((saved) => String(saved.id) === choice);
      if (!account) {
        if (!adding) return setErrors({ choice: t('bank.chooseOne') });
        const fresh = await checkedAccount();
        if (!fresh) return;
        try {
          account = await addBankAccount(fresh);
        } catch (error) {
          const failure = failureOf(error, t, DETAILS);
          setErrors(failure.fields);
          setMessage(failure.message);
          return;
        }
        // Saved now: a second try collects to it rather than adding it again.
        setAccounts((list) => [account!, ...(list ?? [])]);
        setChoice(String(account.id));
        setDetails(EMPTY);
      }
      await collectTo(account, onlyFitting);
    } finally {
      setBusy(false);
    }
  }

  return { busy, fitting, stale, submit };
}
