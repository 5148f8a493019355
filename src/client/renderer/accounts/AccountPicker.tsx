// The account picker: a radio list of the user's accounts ("name (#id)" and the available funds) and a Next button.
// Only an account the user may manage (canManage) and that holds available funds can be chosen; the others are shown
// disabled, with the reason. Native radios in a fieldset: arrows move between the enabled ones, Enter (the form's
// submit) goes on. Used by forms with an account step (transfer) and by payouts, which start by choosing the account.
import { useId, useState, type FormEvent } from 'react';
import type { Account } from '../../../shared/accounts.ts';
import { accountLabel } from '../../../shared/accounts.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { useLocale } from '../widgets/locale.ts';
import { formatFunds, isPickable, unpickableReason } from './accounts.ts';
import './accounts.css';

export interface AccountPickerProps {
  accounts: readonly Account[];
  /** The account chosen so far; an account that cannot be picked is not taken as chosen. */
  value?: number;
  /** The fieldset's legend (the field it fills, e.g. "From account"). */
  legend: string;
  onNext: (account: Account) => void;
  /** Called when the choice changes, before Next. */
  onChange?: (account: Account) => void;
  /** The button's text; "Next" by default. */
  nextLabel?: string;
}

export function AccountPicker({ accounts, value, legend, onNext, onChange, nextLabel }: AccountPickerProps) {
  const { t } = useTranslation('form');
  const locale = useLocale();
  const id = useId();
  const initial = accounts.find((account) => account.id === value && isPickable(account));
  const [chosen, setChosen] = useState<number | undefined>(initial?.id);
  const [error, setError] = useState<string>();
  const errorId = `${id}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const account = accounts.find((candidate) => candidate.id === chosen && isPickable(candidate));
    if (!account) {
      setError(t('accountPicker.choose'));
      return;
    }
    onNext(account);
  };

  if (accounts.length === 0) {
    return (
      <p className="notice notice-info" role="status">
        {t('accountPicker.none')}
      </p>
    );
  }

  return (
    <form className="account-picker" noValidate onSubmit={submit}>
      <fieldset className="account-picker-fieldset" aria-describedby={error ? errorId : undefined}>
        <legend className="field-label">{legend}</legend>
        <ul className="account-picker-list">
          {accounts.map((account) => {
            const reason = unpickableReason(account);
            const optionId = `${id}-${account.id}`;
            const reasonId = `${optionId}-reason`;
            return (
              <li key={account.id} className={reason ? 'account-option is-disabled' : chosen === account.id ? 'account-option is-chosen' : 'account-option'}>
                <input
                  type="radio"
                  id={optionId}
                  name={`${id}-account`}
                  value={account.id}
                  checked={chosen === account.id}
                  disabled={Boolean(reason)}
                  aria-describedby={reason ? reasonId : undefined}
                  onChange={() => {
                    setChosen(account.id);
                    setError(undefined);
                    onChange?.(account);
                  }}
                />
                <label htmlFor={optionId} className="account-option-label">
                  <span className="account-option-name">{accountLabel(account)}</span>
                  <span className="account-option-funds">{t('accountPicker.funds', { amount: formatFunds(account, locale) })}</span>
                </label>
                {reason && (
                  <span id={reasonId} className="account-option-reason">
                    {t(reason)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <FieldMessage id={errorId} error={error} />
      <div className="form-actions">
        <Button type="submit">{nextLabel ?? t('accountPicker.next')}</Button>
      </div>
    </form>
  );
}
