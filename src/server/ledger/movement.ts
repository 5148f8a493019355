// The one primitive every money movement is made of: a conditional UPDATE of the account that either applies the
// change or matches no row (insufficient funds, wrong account, wrong currency), followed by the balance_updates row
// holding the balances the UPDATE returned, a leg of the movement's journal entry (journal.ts). Both run in the
// caller's transaction. The decision whether the money is there is taken by the database on the locked row, never by
// application code reading a balance first, so concurrent movements can neither overdraw an account nor lose an update.
import { sql } from 'kysely';
import type { BalanceUpdate, BalanceUpdateType } from '../../shared/accounts.ts';
import type { Actor } from '../audit/log.ts';
import type { Trx } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { newEntry } from './journal.ts';
import { toBalanceUpdate } from './statement.ts';

/** balance + locked_balance stays a safe integer: amounts are JS numbers (see accounts_total_safe_check). */
const MAX_TOTAL = Number.MAX_SAFE_INTEGER;

export interface Movement {
  accountId: number;
  type: BalanceUpdateType;
  /** Signed changes of the available and the blocked funds. */
  balanceChange: number;
  lockedBalanceChange: number;
  actor: Actor;
  counterpartyAccountId?: number | null;
  payoutId?: number | null;
  reference?: string | null;
  /** When given, only an account of this customer moves; any other is "not found" (tenancy). */
  customerId?: number;
  /** When given, only an account in this currency moves. */
  currency?: string;
  /**
   * When the movement happened, for movements recorded after the fact (the demo data's history); now by default.
   * Rows of an account must stay in time order: never earlier than the account's last row.
   */
  at?: Date;
  /** The journal entry this row is a leg of (a transfer's two rows share one); a new entry when not given. */
  entryId?: number;
}

export interface Moved {
  update: BalanceUpdate;
  customerId: number;
  currency: string;
}

export async function applyMovement(trx: Trx, m: Movement): Promise<Moved> {
  const b = m.balanceChange;
  const l = m.lockedBalanceChange;
  let update = trx
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${b}`, locked_balance: sql<number>`locked_balance + ${l}` })
    .where('id', '=', m.accountId);
  if (b < 0) update = update.where('balance', '>=', -b);
  if (l < 0) update = update.where('locked_balance', '>=', -l);
  if (b + l > 0) update = update.where(sql<boolean>`balance + locked_balance <= ${MAX_TOTAL - (b + l)}`);
  if (m.customerId !== undefined) update = update.where('customer_id', '=', m.customerId);
  if (m.currency !== undefined) update = update.where('currency', '=', m.currency);
  const account = await update.returning(['customer_id', 'currency', 'balance', 'locked_balance']).executeTakeFirst();
  if (!account) throw await refusal(trx, m);
  const entryId = m.entryId ?? (await newEntry(trx, m.at));

  const row = await trx
    .insertInto('balance_updates')
    .values({
      account_id: m.accountId,
      entry_id: entryId,
      type: m.type,
      balance_change: b,
      locked_balance_change: l,
      balance_after: account.balance,
      locked_balance_after: account.locked_balance,
      counterparty_account_id: m.counterpartyAccountId ?? null,
      payout_id: m.payoutId ?? null,
      reference: m.reference ?? null,
      created_by: m.actor.userId,
      session_id: m.actor.sessionId ?? null,
      api_key_id: m.actor.apiKeyId ?? null,
      ...(m.at ? { created_at: m.at } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { update: toBalanceUpdate(row), customerId: account.customer_id, currency: account.currency };
}

/**
 * Why a conditional update matched no row. The account's customer and currency never change, so reading them
 * afterwards names the reason; the balances are not read again: if the account is the right one, the money was not there.
 */
async function refusal(trx: Trx, m: Movement): Promise<AppError> {
  const account = await trx.selectFrom('accounts').select(['customer_id', 'currency']).where('id', '=', m.accountId).executeTakeFirst();
  if (!account || (m.customerId !== undefined && account.customer_id !== m.customerId)) return new AppError(404, 'ACCOUNT_NOT_FOUND');
  if (m.currency !== undefined && account.currency !== m.currency) return new AppError(400, 'INVALID_ACCOUNT_CURRENCY');
  if (m.balanceChange < 0) return new AppError(400, 'INSUFFICIENT_FUNDS');
  if (m.lockedBalanceChange < 0) return new AppError(409, 'INSUFFICIENT_LOCKED_FUNDS');
  return new AppError(400, 'BALANCE_LIMIT_EXCEEDED');
}
