// The payer details of a customer (spec: "payer and bank account details"): who pays its payouts, the debtor of its
// settlement transfers. The bank is one of the specification's customer bank options.

/** The spec's customer bank options (the CHECK of payer_details.bank, the enum of schemas/forms/payer-details.json). */
export const PAYER_BANKS = ['mBank', 'Credit Agricole'] as const;
export type PayerBank = (typeof PAYER_BANKS)[number];

/** The BIC of each bank, the debtor agent of a SEPA transfer file. */
export const PAYER_BANK_BICS: Record<PayerBank, string> = {
  mBank: 'BREXPLPWXXX',
  'Credit Agricole': 'AGRIPLPRXXX',
};
