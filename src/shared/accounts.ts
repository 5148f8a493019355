// The accounts and ledger contract, used by the server's accounts area and by the panel.
// Amounts are integers in thousandths of the currency unit (src/shared/money.ts converts them).
import { periodExceedsMonths } from './period.ts';
import type { AccountRepresentativeForm, AccountTopUpForm, AccountTransferForm } from './generated/forms.ts';

export const DEFAULT_ACCOUNT_NAME = 'Digital cash account';

/** The representative permissions of the spec (section 6). `account.manage` implies reading. */
export const REPRESENTATIVE_PERMISSIONS = ['account.read', 'account.manage'] as const;
export type RepresentativePermission = (typeof REPRESENTATIVE_PERMISSIONS)[number];

export const CHANNEL_TYPES = ['EU_PL', 'EU_SWIFT', 'EU_SEPA', 'UK_LOCAL', 'US_LOCAL', 'UK_INTERNATIONAL', 'US_INTERNATIONAL'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const TRANSFER_TYPES = ['LOCAL', 'FOREIGN'] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

/**
 * Kinds of balance update (the statement's rows). TOP_UP, INTERNAL and PAYOUT are the spec's transaction types
 * (PAYOUT: a settled payout's blocked amount leaves the account); LOCK and UNLOCK are the payout lifecycle's
 * movements between the available and the blocked funds (LOCK: balance -> lockedBalance when a payout is created;
 * UNLOCK: back when it is cancelled, expires or returns).
 */
export const BALANCE_UPDATE_TYPES = ['TOP_UP', 'INTERNAL', 'PAYOUT', 'LOCK', 'UNLOCK'] as const;
export type BalanceUpdateType = (typeof BALANCE_UPDATE_TYPES)[number];

/** The longest statement period a request may ask for (spec: at most 3 months). */
export const STATEMENT_MAX_MONTHS = 3;

export interface AccountRepresentative {
  userId: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  permission: RepresentativePermission;
}

/** One account as lists and details answer it. */
export interface Account {
  id: number;
  name: string;
  currency: string;
  /** Available funds. */
  balance: number;
  /** Blocked funds. */
  lockedBalance: number;
  /** balance + lockedBalance. */
  totalBalance: number;
  customerId: number;
  customerName: string;
  channelType: ChannelType | null;
  transferType: TransferType | null;
  createdAt: string;
  /** Whether the asking user may move money from this account. */
  canManage: boolean;
}

export interface AccountDetails extends Account {
  representatives: AccountRepresentative[];
}

/** GET /api/account/summary: one row per currency, never summed across currencies. */
export interface AccountSummaryRow {
  currency: string;
  balance: number;
  lockedBalance: number;
  totalBalance: number;
  accounts: number;
}

/**
 * One row of an account's statement. `balanceChange` and `lockedBalanceChange` are the signed
 * changes this movement made; the `...After` fields are the account's balances right after it.
 */
export interface BalanceUpdate {
  id: number;
  accountId: number;
  createdAt: string;
  type: BalanceUpdateType;
  balanceChange: number;
  lockedBalanceChange: number;
  balanceAfter: number;
  lockedBalanceAfter: number;
  /** The other account of an internal transfer. */
  counterpartyAccountId: number | null;
  payoutId: number | null;
  reference: string | null;
  /** The journal entry of the movement: a transfer's two rows share it; every entry's legs sum to zero. */
  entryId: number;
}

/** PUT /api/account/representative (accounts.ownership.change): add, change or (permission null) remove. */
export type RepresentativeBody = AccountRepresentativeForm;

/** POST /api/account/topUp (SUPER_ADMIN only); the repeat after the SMS step-up carries verificationCode. */
export type TopUpBody = AccountTopUpForm;

/** POST /api/account/transfer (accounts.manage on both accounts; same customer and currency; the SMS step-up as a top-up's). */
export type TransferBody = AccountTransferForm;

/** The answer of a top-up or transfer: the statement rows it wrote. */
export interface MoneyMovementResult {
  balanceUpdates: BalanceUpdate[];
}

/** The account's label in pickers and titles: "name (#id)". */
export const accountLabel = (a: { id: number; name: string }): string => `${a.name} (#${a.id})`;

/**
 * Whether a statement period (ISO date-times) is longer than STATEMENT_MAX_MONTHS: the client refuses it before
 * sending, the server with 400 STATEMENT_PERIOD_TOO_LONG. The end day counts whole (see periodExceedsMonths).
 */
export const statementPeriodTooLong = (from: string, to: string): boolean => periodExceedsMonths(from, to, STATEMENT_MAX_MONTHS);
