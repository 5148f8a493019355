// Step 4: the bank account, then collecting. A saved account of the payouts' currency is chosen, or a new one added
// with the details its payment route needs (GET /api/paymentRoutes/requiredFields, for the country and currency),
// checked by the shared bank-account schema's precompiled validator before the server checks them again. When the
// recipient's limits allow only some of the payouts, the page names those and offers to collect them.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { BENEFICIARY_TYPES, type BankAccount, type BankDetail, type BeneficiaryType, type CollectablePayout, type NewBankAccount, type TemplateProperties } from '../../shared/collection.ts';
import { provideBrowserRule } from '../../shared/validation/browser-rules.ts';
import { toValidationErrors } from '../../shared/validation/errors.ts';
import { isIban } from '../../shared/validation/iban.ts';
import { ApiError } from '../core/apiError.ts';
import type { PrecompiledValidators } from '../core/precompiledValidators.ts';
import { Button } from '../ui/Button.tsx';
import { FieldMessage } from '../ui/FieldMessage.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { TextField } from '../ui/TextField.tsx';
import { failureOf } from './failures.ts';
import { addBankAccount, bankAccounts, bankCountries, collect, requiredFields, type Country } from './pageApi.ts';
import { accountTail, totalOf } from './format.ts';
import { Message, StepHeading } from './StepHeading.tsx';
import { useText } from './texts.ts';

// The bank-account validator's IBAN rule comes with this step (shared/validation/browser-rules.ts).
provideBrowserRule('iban', isIban);

// The shared schema's precompiled validator alone (tools/validators writes it when Vite builds or serves), not the
// index of every form's: a glob, so that type-checking does not depend on the build step having run.
const validatorFiles = import.meta.glob<PrecompiledValidators>('../generated/validators/forms-bank-account.js', { import: 'default' });

async function bankAccountValidators(): Promise<PrecompiledValidators> {
  const load = Object.values(validatorFiles)[0];
  if (!load) throw new Error('No precompiled validator for schemas/forms/bank-account.json');
  return load();
}

const DETAILS: readonly BankDetail[] = ['beneficiaryName', 'iban', 'BIC', 'sortCode', 'accountNumber', 'routingCode'];
const DEFAULT_COUNTRY = 'PL';
const NEW = 'new';

type Details = Record<BankDetail, string>;
const EMPTY: Details = { beneficiaryName: '', iban: '', BIC: '', sortCode: '', accountNumber: '', routingCode: '' };

interface Props {
  properties: TemplateProperties;
  payouts: CollectablePayout[];
  onBack: (reload: boolean) => void;
  onCollected: (ids: number[], account: BankAccount) => void;
}

export function BankStep({ properties, payouts, onBack, onCollected }: Props) {
  const { t, i18n } = useText();
  const id = useId();
  const currency = payouts[0].currency;
  const amount = totalOf(payouts, i18n.language);
  const [accounts, setAccounts] = useState<BankAccount[] | null>(null);
  const [countries, setCountries] = useState<Country[]>([]);
  const [choice, setChoice] = useState<string>('');
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const [beneficiaryType, setBeneficiaryType] = useState<BeneficiaryType>('INDIVIDUAL');
  const [details, setDetails] = useState<Details>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<BankDetail | 'choice', string>>>({});
  const [required, setRequired] = useState<BankDetail[] | null>(null);
  const [routeProblem, setRouteProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fitting, setFitting] = useState<number[] | null>(null);
  const [stale, setStale] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([bankAccounts(), bankCountries(currency)])
      .then(([all, list]) => {
        if (!live) return;
        const usable = all.filter((account) => account.currency === currency);
        setAccounts(usable);
        setCountries(list);
        setChoice(usable.length ? String(usable[0].id) : NEW);
        if (list.length && !list.some((country) => country.countryCode === DEFAULT_COUNTRY)) setCountryCode(list[0].countryCode);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setAccounts([]);
        setChoice(NEW);
        setMessage(failureOf(error, t).message);
      });
    return () => {
      live = false;
    };
  }, [currency, t]);

  const adding = choice === NEW;
  useEffect(() => {
    if (!adding) return;
    let live = true;
    setRequired(null);
    setRouteProblem(null);
    requiredFields(countryCode, currency)
      .then((fields) => live && setRequired(fields))
      .catch((error: unknown) => {
        if (!live) return;
        setRequired([]);
        const noRoute = error instanceof ApiError && error.code === 'PAYMENT_ROUTE_NOT_FOUND';
        setRouteProblem(noRoute ? t('errors:PAYMENT_ROUTE_NOT_FOUND') : t('bank.noDetails', { email: properties.supportEmail }));
      });
    return () => {
      live = false;
    };
  }, [adding, countryCode, currency, properties.supportEmail, t]);

  const shown = DETAILS.filter((field) => field === 'beneficiaryName' || required?.includes(field));

  /** The new account's details, or null after showing what is wrong with them. */
  async function checkedAccount(): Promise<NewBankAccount | null> {
    const account: NewBankAccount = { countryCode, currency, beneficiaryType, beneficiaryName: details.beneficiaryName.trim() };
    const found: Partial<Record<BankDetail, string>> = {};
    for (const field of shown) {
      const value = details[field].trim();
      if (field !== 'beneficiaryName' && value) account[field] = value;
      if (!value) found[field] = t('validation:REQUIRED');
    }
    const validators = await bankAccountValidators();
    if (!validators.root(structuredClone(account))) {
      for (const entry of toValidationErrors(validators.root.errors, (code, params) => t(`validation:${code}`, params))) {
        const field = entry.property as BankDetail;
        if (DETAILS.includes(field) && !found[field] && entry.errors[0]) found[field] = entry.errors[0].message;
      }
    }
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

      {adding && (
        <div className="new-account">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-country`}>
              {t('bank.country')}
            </label>
            <div className="field-control">
              <select id={`${id}-country`} value={countryCode} onChange={(event) => setCountryCode(event.target.value)}>
                {(countries.length ? countries : [{ countryCode: DEFAULT_COUNTRY, label: DEFAULT_COUNTRY }]).map((country) => (
                  <option key={country.countryCode} value={country.countryCode}>
                    {country.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {routeProblem ? (
            <Message kind="error">{routeProblem}</Message>
          ) : required === null ? (
            <Spinner />
          ) : (
            <>
              <fieldset className="choice-list choice-inline">
                <legend className="field-label">{t('bank.beneficiaryType')}</legend>
                {BENEFICIARY_TYPES.map((type) => (
                  <label key={type} className="choice-option">
                    <input type="radio" name="beneficiaryType" value={type} checked={beneficiaryType === type} onChange={() => setBeneficiaryType(type)} />
                    <span>{t(`bank.${type}`)}</span>
                  </label>
                ))}
              </fieldset>
              {shown.map((field) => (
                <TextField
                  key={field}
                  id={`${id}-${field}`}
                  name={field}
                  label={t(`bank.${field}`)}
                  value={details[field]}
                  onValueChange={(value) => {
                    setDetails((current) => ({ ...current, [field]: value }));
                    setErrors((current) => ({ ...current, [field]: undefined }));
                  }}
                  error={errors[field]}
                  info={field === 'sortCode' ? t('bank.sortCodeInfo') : undefined}
                  required
                  autoComplete={field === 'beneficiaryName' ? 'name' : 'off'}
                  autoCapitalize={field === 'beneficiaryName' ? 'words' : 'characters'}
                  spellCheck={false}
                />
              ))}
            </>
          )}
        </div>
      )}

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
