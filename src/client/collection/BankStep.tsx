// Step 4: the bank account, then collecting. A saved account of the payouts' currency is chosen, or a new one added
// with the details its payment route needs (GET /api/paymentRoutes/requiredFields, for the country and currency),
// checked by the shared bank-account schema's precompiled validator before the server checks them again. When the
// recipient's limits allow only some of the payouts, the page names those and offers to collect them.
import { useId } from 'react';
import type { BankAccount, CollectablePayout, TemplateProperties } from '../../shared/collection.ts';
import { Button } from '../ui/Button.tsx';
import { FieldMessage } from '../ui/FieldMessage.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { accountTail, totalOf } from './format.ts';
import { NewBankAccountFields } from './NewBankAccountFields.tsx';
import { Message, StepHeading } from './StepHeading.tsx';
import { useText } from './texts.ts';
import { NEW, useBankChoice } from './useBankChoice.ts';
import { useBankSubmit } from './useBankSubmit.ts';

interface Props {
  properties: TemplateProperties;
  payouts: CollectablePayout[];
  onBack: (reload: boolean) => void;
  onCollected: (ids: number[], account: BankAccount) => void;
}

export function BankStep({ properties, payouts, onBack, onCollected }: Props) {
  const { t, i18n } = useText();
  const id = useId();
  const amount = totalOf(payouts, i18n.language);
  const bank = useBankChoice(payouts[0].currency, properties.supportEmail, t);
  const { busy, fitting, stale, submit } = useBankSubmit(bank, payouts, onCollected, id, t);
  const { accounts, choice, setChoice, adding, errors, routeProblem, message } = bank;

  if (!accounts) return <Spinner />;
  const fittingPayouts = fitting ? payouts.filter((payout) => fitting.includes(payout.id)) : [];
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <StepHeading step={4} focus>
        {t('bank.heading')}
      </StepHeading>
      <p className="muted">{t('bank.intro', { amount })}</p>
      {accounts.length === 0 && <p className="muted">{t('bank.none')}</p>}
      <fieldset className="choice-list" aria-describedby={errors.choice ? `${id}-choice-message` : undefined}>
        <legend className="field-label">{t('bank.saved')}</legend>
        {accounts.map((account) => (
          <label key={account.id} className="choice-option">
            <input type="radio" name="bankAccount" value={account.id} checked={choice === String(account.id)} onChange={() => setChoice(String(account.id))} />
            <span>
              <span className="choice-main">{account.beneficiaryName}</span> <span className="muted">{accountTail(account)}</span>
            </span>
          </label>
        ))}
        <label className="choice-option">
          <input type="radio" name="bankAccount" value={NEW} checked={adding} onChange={() => setChoice(NEW)} />
          <span className="choice-main">{t('bank.addNew')}</span>
        </label>
        <FieldMessage id={`${id}-choice-message`} error={errors.choice} />
      </fieldset>

      {adding && <NewBankAccountFields id={id} bank={bank} />}

      {message && <Message kind="error">{message}</Message>}
      {fittingPayouts.length > 0 && (
        <>
          <p>{t('bank.limitSomeWhich', { payouts: fittingPayouts.map((payout) => `${payout.title || payout.reference} (${totalOf([payout], i18n.language)})`).join(', ') })}</p>
          <Button variant="secondary" block loading={busy} onClick={(event) => void submit(event, true)}>
            {t('bank.limitSome')}
          </Button>
        </>
      )}
      <Button type="submit" block loading={busy} disabled={Boolean(routeProblem)}>
        {t('bank.collect', { amount })}
      </Button>
      <Button variant="link" onClick={() => onBack(stale)}>
        {t('bank.back')}
      </Button>
    </form>
  );
}
