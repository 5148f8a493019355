// Step 4's choice of a bank account: a saved account of the payouts' currency or a new one, and for a new one the
// country, the beneficiary type and the details its payment route needs (GET /api/paymentRoutes/requiredFields).
import { useEffect, useState } from 'react';
import type { BankAccount, BankDetail, BeneficiaryType } from '../../shared/collection.ts';
import { ApiError } from '../core/apiError.ts';
import type { Translate } from '../core/textStore.ts';
import { DETAILS, type Details } from './bankAccountCheck.ts';
import { failureOf } from './failures.ts';
import { bankAccounts, bankCountries, requiredFields, type Country } from './pageApi.ts';

export const DEFAULT_COUNTRY = 'PL';
/** The choice of a new account. */
export const NEW = 'new';
export const EMPTY: Details = { beneficiaryName: '', iban: '', BIC: '', sortCode: '', accountNumber: '', routingCode: '' };

export function useBankChoice(currency: string, supportEmail: string, t: Translate) {
  const [accounts, setAccounts] = useState<BankAccount[] | null>(null);
  const [countries, setCountries] = useState<Country[]>([]);
  const [choice, setChoice] = useState<string>('');
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY);
  const [beneficiaryType, setBeneficiaryType] = useState<BeneficiaryType>('INDIVIDUAL');
  const [details, setDetails] = useState<Details>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<BankDetail | 'choice', string>>>({});
  const [required, setRequired] = useState<BankDetail[] | null>(null);
  const [routeProblem, setRouteProblem] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

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
        setRouteProblem(noRoute ? t('errors:PAYMENT_ROUTE_NOT_FOUND') : t('bank.noDetails', { email: supportEmail }));
      });
    return () => {
      live = false;
    };
  }, [adding, countryCode, currency, supportEmail, t]);

  const shown = DETAILS.filter((field) => field === 'beneficiaryName' || required?.includes(field));

  return { accounts, setAccounts, countries, choice, setChoice, countryCode, setCountryCode, beneficiaryType, setBeneficiaryType, details, setDetails, errors, setErrors, required, routeProblem, message, setMessage, adding, shown };
}

export type BankChoice = ReturnType<typeof useBankChoice>;
