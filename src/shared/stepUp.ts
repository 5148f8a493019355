// What an operation that needs the SMS code says about itself when the code is sent: the answer
// `{ authorizationRequired: true, authorization }` (schemas/responses/authorization-required.json), which the panel's
// Authorization dialog shows, so that the user sees what the code authorises, as the SMS says it.

/** The operations that ask for a code; the purpose is part of what the code is bound to. */
export const STEP_UP_PURPOSES = ['TOP_UP', 'INTERNAL', 'PAYOUT', 'PAYOUT_APPROVAL', 'PAYOUT_IMPORT'] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];

/** An account as the dialog names it (shared/accounts.ts accountLabel). */
export interface AuthorizedAccount {
  id: number;
  name: string;
}

export interface AuthorizationSubject {
  operation: StepUpPurpose;
  /** Thousandths of the currency: the operation's total, the amount the code is bound to. */
  amount: number;
  currency: string;
  /** The account the money leaves (for a top-up, the one it enters); null for an approval of several accounts' payouts. */
  account: AuthorizedAccount | null;
  /** A transfer's receiving account. */
  toAccount?: AuthorizedAccount;
  /** How many payouts an approval or an import covers. */
  payouts?: number;
}

export interface AuthorizationRequired {
  authorizationRequired: true;
  authorization: AuthorizationSubject;
}
