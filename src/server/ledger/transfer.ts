// INTERNAL: money moves between two accounts of one customer in one currency.
import type { MoneyMovementResult } from '../../shared/accounts.ts';
import { writeAudit, type Actor } from '../audit/log.ts';
import type { Trx } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { assertAmount } from './amount.ts';
import { newEntry } from './journal.ts';
import { applyMovement } from './movement.ts';
import { balancesAfter, balancesBefore } from './statement.ts';

export interface TransferArgs {
  fromAccountId: number;
  toAccountId: number;
  /** Thousandths of the accounts' currency. */
  amount: number;
  /** The transfer's title, kept as the reference of both statement rows. */
  title?: string | null;
  actor: Actor;
  /** When given, both accounts must belong to this customer. */
  customerId?: number;
  /** When it happened, if not now (Movement.at). */
  at?: Date;
}

export async function transfer(trx: Trx, args: TransferArgs): Promise<MoneyMovementResult> {
  assertAmount(args.amount);
  const { fromAccountId, toAccountId, amount, actor } = args;
  if (fromAccountId === toAccountId) throw new AppError(400, 'TRANSFER_SAME_ACCOUNT');

  // Both rows are locked in id order, whichever direction the money goes, so two opposite transfers between the
  // same accounts cannot deadlock. Customer and currency never change; the balances are left to the updates below.
  const accounts = await trx
    .selectFrom('accounts')
    .select(['id', 'customer_id', 'currency'])
    .where('id', 'in', [fromAccountId, toAccountId])
    .orderBy('id')
    .forUpdate()
    .execute();
  const from = accounts.find((a) => a.id === fromAccountId);
  const to = accounts.find((a) => a.id === toAccountId);
  const visible = (a: typeof from) => a !== undefined && (args.customerId === undefined || a.customer_id === args.customerId);
  // An account of another customer is, for this customer, an account that does not exist.
  if (!visible(from) || !visible(to) || from!.customer_id !== to!.customer_id) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
  if (from!.currency !== to!.currency) throw new AppError(400, 'INVALID_ACCOUNT_CURRENCY');

  const title = args.title ?? null;
  // One entry, two legs on customers' accounts: -amount and +amount.
  const entryId = await newEntry(trx, args.at);
  const out = await applyMovement(trx, {
    accountId: fromAccountId,
    type: 'INTERNAL',
    balanceChange: -amount,
    lockedBalanceChange: 0,
    counterpartyAccountId: toAccountId,
    reference: title,
    actor,
    currency: from!.currency,
    at: args.at,
    entryId,
  });
  const into = await applyMovement(trx, {
    accountId: toAccountId,
    type: 'INTERNAL',
    balanceChange: amount,
    lockedBalanceChange: 0,
    counterpartyAccountId: fromAccountId,
    reference: title,
    actor,
    currency: from!.currency,
    at: args.at,
    entryId,
  });
  await writeAudit(trx, {
    at: args.at,
    actor,
    customerId: out.customerId,
    action: 'account.transfer',
    entity: 'account',
    entityId: fromAccountId,
    before: { from: balancesBefore(out.update), to: balancesBefore(into.update) },
    after: {
      from: balancesAfter(out.update),
      to: balancesAfter(into.update),
      toAccountId,
      amount,
      currency: out.currency,
      title,
      balanceUpdateIds: [out.update.id, into.update.id],
    },
  });
  return { balanceUpdates: [out.update, into.update] };
}
