// The collection page's contract (the recipient's side of payouts), defined once for the server and the page.
import type { PayoutStatus } from './payouts.ts';

/** How long a recipient's session lasts: the wizard takes minutes, and the page is often opened on a shared phone. */
export const RECIPIENT_SESSION_TTL_SECONDS = 15 * 60;

/** What a recipient has collected: the statuses that count towards its limits at collection. */
export const COLLECTED_STATUSES: readonly PayoutStatus[] = ['COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY'];

export interface RecipientLoginBody {
  phoneNumber: string;
  customerUrl: string;
  /** The program of the page's address, when it names one: the session then sees that program's payouts only. */
  programUrl?: string;
}

export interface RecipientAuthenticateBody extends RecipientLoginBody {
  verificationCode: string;
}

/** A payout the recipient may collect now (GET /api/payout/collection). Amounts in thousandths. */
export interface CollectablePayout {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  title: string | null;
  programName: string;
  /** ISO instant. */
  endDate: string;
}

export interface CollectBody {
  payoutIds: number[];
  bankAccountId: number;
  /** Collect only those the limits allow (after a COLLECTION_LIMIT_SOME answer named them). */
  onlyFitting?: boolean;
}

export interface CollectAnswer {
  collected: number;
  ids: number[];
}

/** The 409 COLLECTION_LIMIT_SOME answer: which of the chosen payouts the limits allow. */
export interface LimitSomeAnswer {
  code: 'COLLECTION_LIMIT_SOME';
  message: string;
  fitting: number[];
}

export const BENEFICIARY_TYPES = ['INDIVIDUAL', 'COMPANY'] as const;
export type BeneficiaryType = (typeof BENEFICIARY_TYPES)[number];

/** The bank details a payment route may require (GET /api/paymentRoutes/requiredFields names them so). */
export const BANK_DETAILS = ['iban', 'BIC', 'sortCode', 'accountNumber', 'routingCode', 'beneficiaryName'] as const;
export type BankDetail = (typeof BANK_DETAILS)[number];

export interface NewBankAccount {
  countryCode: string;
  currency: string;
  beneficiaryType: BeneficiaryType;
  beneficiaryName: string;
  iban?: string;
  BIC?: string;
  sortCode?: string;
  accountNumber?: string;
  routingCode?: string;
}

export interface BankAccount extends NewBankAccount {
  id: number;
  channel: string;
  createdAt: string;
}
