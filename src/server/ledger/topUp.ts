// TOP_UP: money enters an account from outside (recorded by a SUPER_ADMIN; DESIGN.md, money decisions). The entry's
// other leg is on the currency's top-up source, so it sums to zero.
import type { MoneyMovementResult } from '../../shared/accounts.ts';
import { writeAudit, type Actor } from '../audit/log.ts';
import type { Trx } from '../db/index.ts';
import { assertAmount } from './amount.ts';
import { outsideLeg } from './journal.ts';
import { applyMovement } from './movement.ts';
import { balancesAfter, balancesBefore } from './statement.ts';

export interface TopUpArgs {
  accountId: number;
  /** Thousandths of the account's currency. */
  amount: number;
  /** The bank reference of the incoming money, shown on the statement. */
  reference: string;
  actor: Actor;
  /** When given, the account must belong to this customer. */
  customerId?: number;
  /** When given, the account must hold this currency. */
  currency?: string;
  /** When it happened, if not now (Movement.at). */
  at?: Date;
}

export async function topUp(trx: Trx, args: TopUpArgs): Promise<MoneyMovementResult> {
  assertAmount(args.amount);
  const moved = await applyMovement(trx, {
    accountId: args.accountId,
    type: 'TOP_UP',
    balanceChange: args.amount,
    lockedBalanceChange: 0,
    reference: args.reference,
    actor: args.actor,
    customerId: args.customerId,
    currency: args.currency,
    at: args.at,
  });
  await outsideLeg(trx, moved.update.entryId, 'TOP_UP_SOURCE', moved.currency, -args.amount, args.at);
  await writeAudit(trx, {
    at: args.at,
    actor: args.actor,
    customerId: moved.customerId,
    action: 'account.topUp',
    entity: 'account',
    entityId: args.accountId,
    before: balancesBefore(moved.update),
    after: { ...balancesAfter(moved.update), amount: args.amount, currency: moved.currency, reference: args.reference, balanceUpdateId: moved.update.id },
  });
  return { balanceUpdates: [moved.update] };
}
