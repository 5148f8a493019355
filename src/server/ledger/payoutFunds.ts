// The payout lifecycle's movements inside one account (DESIGN.md, money decisions):
//   LOCK     balance -> lockedBalance   when a payout is created (TO_APPROVE or TO_COLLECT)
//   UNLOCK   lockedBalance -> balance   when it is cancelled, expires or is returned
//   PAYOUT   lockedBalance -> out       when it is settled (COMPLETED_SUCCESSFULLY; the release of its funds)
// Each runs in the transaction that changes the payout's status, so the money and the status move together. Each is
// one journal entry: a LOCK or UNLOCK row's two halves cancel; a PAYOUT's other leg is on the currency's payout sink.
import type { BalanceUpdate } from '../../shared/accounts.ts';
import type { Actor } from '../audit/log.ts';
import type { Trx } from '../db/index.ts';
import { assertAmount } from './amount.ts';
import { outsideLeg } from './journal.ts';
import { applyMovement } from './movement.ts';

export interface PayoutFundsArgs {
  accountId: number;
  /** Thousandths of the account's currency. */
  amount: number;
  payoutId: number;
  actor: Actor;
  /** Shown on the statement; the payout's reference or title. */
  reference?: string | null;
  /** When given, the account must belong to this customer. */
  customerId?: number;
  /** When given, the account must hold this currency (the payout's), else INVALID_ACCOUNT_CURRENCY. */
  currency?: string;
  /** When it happened, for history recorded after the fact (the demo's payouts); now by default. */
  at?: Date;
}

function move(trx: Trx, args: PayoutFundsArgs, type: 'LOCK' | 'UNLOCK' | 'PAYOUT', balanceChange: number, lockedBalanceChange: number) {
  assertAmount(args.amount);
  return applyMovement(trx, {
    accountId: args.accountId,
    type,
    balanceChange,
    lockedBalanceChange,
    payoutId: args.payoutId,
    reference: args.reference ?? null,
    actor: args.actor,
    customerId: args.customerId,
    currency: args.currency,
    at: args.at,
  });
}

/** Blocks a payout's amount; refused with INSUFFICIENT_FUNDS when the available funds do not cover it. */
export async function lockFunds(trx: Trx, args: PayoutFundsArgs): Promise<BalanceUpdate> {
  return (await move(trx, args, 'LOCK', -args.amount, args.amount)).update;
}

/** Gives a blocked amount back to the available funds; INSUFFICIENT_LOCKED_FUNDS when not that much is blocked. */
export async function unlockFunds(trx: Trx, args: PayoutFundsArgs): Promise<BalanceUpdate> {
  return (await move(trx, args, 'UNLOCK', args.amount, -args.amount)).update;
}

/** Takes a blocked amount out of the account (the payout is settled); INSUFFICIENT_LOCKED_FUNDS as above. */
export async function releaseFunds(trx: Trx, args: PayoutFundsArgs): Promise<BalanceUpdate> {
  const moved = await move(trx, args, 'PAYOUT', 0, -args.amount);
  await outsideLeg(trx, moved.update.entryId, 'PAYOUT_SINK', moved.currency, args.amount, args.at);
  return moved.update;
}
