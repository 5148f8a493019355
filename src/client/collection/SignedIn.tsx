// The signed-in steps of the wizard (a chunk of its own): the payouts to collect, the bank account, the success
// message. The list is read again whenever the visitor comes back to it, so payouts collected meanwhile (another
// tab) or expired drop out. End dates show in the customer's zone, which the list names: the wall clock of the SMS.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { BankAccount, CollectablePayout, TemplateProperties } from '../../shared/collection.ts';
import { formatAmount } from '../../shared/money.ts';
import { localeOf } from '../core/languageChoice.ts';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { BankStep } from './BankStep.tsx';
import { failureOf } from './failures.ts';
import { accountTail, totalOf } from './format.ts';
import { collectablePayouts } from './pageApi.ts';
import { Message, StepHeading } from './StepHeading.tsx';
import { amountLocale, useText } from './texts.ts';

function PayoutsStep({
  properties,
  payouts,
  timeZone,
  selected,
  onSelect,
  onNext,
}: {
  properties: TemplateProperties;
  payouts: CollectablePayout[];
  /** Unknown only when the list could not be read (then there is no payout to show). */
  timeZone: string | undefined;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onNext: () => void;
}) {
  const { t, i18n } = useText();
  const [error, setError] = useState<string | null>(null);
  const dates = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const chosen = payouts.filter((payout) => selected.includes(payout.id));
  const title = properties.selectPayoutsTitle?.trim() || t('defaults.selectPayoutsTitle');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen.length) return setError(t('payouts.selectAtLeastOne'));
    if (new Set(chosen.map((payout) => payout.currency)).size > 1) return setError(t('payouts.oneCurrency'));
    onNext();
  }

  function toggle(id: number, on: boolean) {
    setError(null);
    onSelect(on ? [...selected, id] : selected.filter((other) => other !== id));
  }

  if (!payouts.length) {
    return (
      <>
        <StepHeading step={3} focus>
          {t('payouts.heading')}
        </StepHeading>
        <Message kind="info">{properties.noPayoutsMessage?.trim() || t('defaults.noPayoutsMessage')}</Message>
      </>
    );
  }
  return (
    <form className="form" noValidate onSubmit={submit}>
      <StepHeading step={3} focus>
        {title}
      </StepHeading>
      <p className="muted">{t('payouts.timeZone', { timeZone })}</p>
      <fieldset className="payout-list" aria-describedby={error ? 'payouts-error' : undefined}>
        <legend className="visually-hidden">{title}</legend>
        {payouts.map((payout) => (
          <label key={payout.id} className="payout-option">
            <input type="checkbox" checked={selected.includes(payout.id)} onChange={(event) => toggle(payout.id, event.target.checked)} />
            <span className="payout-text">
              <span className="payout-amount">{formatAmount(payout.amount, { locale: amountLocale(i18n.language), currency: payout.currency })}</span>
              <span className="payout-title">{payout.title || t('payouts.noTitle')}</span>
              <span className="payout-meta">
                {t('payouts.program')}: {payout.programName}
              </span>
              <span className="payout-meta">
                {t('payouts.endDate')}: {dates.format(new Date(payout.endDate))}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <div id="payouts-error" className="notice notice-error" role="alert">
          {error}
        </div>
      )}
      {chosen.length > 0 && <p className="payout-total">{t('payouts.selected', { amount: totalOf(chosen, i18n.language) })}</p>}
      <Button type="submit" block>
        {t('payouts.next')}
      </Button>
    </form>
  );
}

function DoneStep({ properties, amount, account, onMore }: { properties: TemplateProperties; amount: string; account: BankAccount; onMore: () => void }) {
  const { t } = useText();
  return (
    <div className="done">
      <StepHeading focus>{t('success.heading')}</StepHeading>
      <Message kind="success">{properties.successMessage?.trim() || t('defaults.successMessage')}</Message>
      <p>{t('success.collected', { amount, account: accountTail(account) })}</p>
      <p className="muted">{t('success.arrival')}</p>
      <Button variant="secondary" block onClick={onMore}>
        {t('success.more')}
      </Button>
    </div>
  );
}

export default function SignedIn({ properties }: { properties: TemplateProperties }) {
  const { t, i18n } = useText();
  const [stage, setStage] = useState<'payouts' | 'bank' | 'done'>('payouts');
  const [payouts, setPayouts] = useState<CollectablePayout[] | null>(null);
  const [timeZone, setTimeZone] = useState<string>();
  const [selected, setSelected] = useState<number[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<{ amount: string; account: BankAccount } | null>(null);

  const load = useCallback(() => {
    setPayouts(null);
    setMessage(null);
    collectablePayouts()
      .then(({ items, timeZone: zone }) => {
        setTimeZone(zone);
        setPayouts(items);
        setSelected((ids) => ids.filter((id) => items.some((payout) => payout.id === id)));
      })
      .catch((error: unknown) => {
        setPayouts([]);
        setMessage(failureOf(error, t).message);
      });
  }, [t]);

  useEffect(load, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on sign-in

  if (stage === 'done' && done) {
    return (
      <DoneStep
        properties={properties}
        amount={done.amount}
        account={done.account}
        onMore={() => {
          setSelected([]);
          setStage('payouts');
          load();
        }}
      />
    );
  }
  if (!payouts) return <Spinner />;
  const chosen = payouts.filter((payout) => selected.includes(payout.id));
  if (stage === 'bank' && chosen.length) {
    return (
      <BankStep
        properties={properties}
        payouts={chosen}
        onBack={(reload) => {
          setStage('payouts');
          if (reload) load();
        }}
        onCollected={(ids, account) => {
          setDone({ amount: totalOf(chosen.filter((payout) => ids.includes(payout.id)), i18n.language), account });
          setStage('done');
        }}
      />
    );
  }
  return (
    <>
      {message && <Message kind="error">{message}</Message>}
      <PayoutsStep properties={properties} payouts={payouts} timeZone={timeZone} selected={selected} onSelect={setSelected} onNext={() => setStage('bank')} />
    </>
  );
}
