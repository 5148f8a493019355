// The first step of a form with `accountStep` (screens.json): the account picker over the user's accounts, and, once
// an account is chosen, the line above the form that names it with a button to choose again. Loaded with such a form
// only (renderer/chunks.ts), so other forms do not carry it.
import { useTranslation } from 'react-i18next';
import { accountLabel, type Account } from '../../../shared/accounts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocale } from '../widgets/locale.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { formatFunds, useAccounts } from './accounts.ts';

interface AccountStepProps {
  /** The field's title (an i18n key), the picker's legend. */
  legend: string;
  value?: number;
  onNext: (account: Account) => void;
}

function AccountStep({ legend, value, onNext }: AccountStepProps) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  if (accounts.isError) return <Alert>{t('form:loadFailed')}</Alert>;
  if (!accounts.data) {
    return (
      <div className="form-loading" role="status">
        <Spinner />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  return <AccountPicker accounts={accounts.data} value={value} legend={t(legend)} onNext={onNext} />;
}

interface AccountSummaryProps {
  legend: string;
  accountId: number;
  onChange: () => void;
}

/**
 * The chosen account above the form, with "Change account".
 * @public FormScreen.tsx reads it by name from the module accountStepChunk loads.
 */
export function AccountSummary({ legend, accountId, onChange }: AccountSummaryProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const account = useAccounts().data?.find((candidate) => candidate.id === accountId);
  return (
    <div className="account-step-summary">
      <dl>
        <dt>{t(legend)}</dt>
        <dd>{account ? `${accountLabel(account)} – ${formatFunds(account, locale)}` : `#${accountId}`}</dd>
      </dl>
      <Button variant="secondary" onClick={onChange}>
        {t('form:accountStep.change')}
      </Button>
    </div>
  );
}

export default AccountStep;
