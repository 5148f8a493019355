// A new bank account's details checked in the browser: each detail its payment route needs filled in, then the
// shared bank-account schema's precompiled validator, as the server checks them again.
import type { BankDetail, BeneficiaryType, NewBankAccount } from '../../shared/collection.ts';
import { provideBrowserRule } from '../../shared/validation/browser-rules.ts';
import { toValidationErrors } from '../../shared/validation/errors.ts';
import { isIban } from '../../shared/validation/iban.ts';
import type { PrecompiledValidators } from '../core/precompiledValidators.ts';
import type { Translate } from '../core/textStore.ts';

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

export const DETAILS: readonly BankDetail[] = ['beneficiaryName', 'iban', 'BIC', 'sortCode', 'accountNumber', 'routingCode'];

export type Details = Record<BankDetail, string>;

type DetailProblems = Partial<Record<BankDetail, string>>;

interface NewAccountInput {
  countryCode: string;
  currency: NewBankAccount['currency'];
  beneficiaryType: BeneficiaryType;
  details: Details;
  /** The details the form shows: the beneficiary's name and what the payment route needs. */
  shown: readonly BankDetail[];
}

/** The new account as it would be sent, and what is wrong with its details (empty when nothing). */
export async function checkNewAccount({ countryCode, currency, beneficiaryType, details, shown }: NewAccountInput, t: Translate): Promise<{ account: NewBankAccount; found: DetailProblems }> {
  const account: NewBankAccount = { countryCode, currency, beneficiaryType, beneficiaryName: details.beneficiaryName.trim() };
  const found: DetailProblems = {};
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
  return { account, found };
}
