// A bank account as staff see it unless they may see it whole, in SQL for lists: as maskAccountNumber
// (src/shared/masks.ts) writes it, four dots, a space and the last 4 characters of its IBAN or account number
// (tests/api/payer-details.test.ts reads both: the list's SQL and the details' TypeScript).
import { sql, type RawBuilder } from 'kysely';

/** The masked account of the bank_accounts row named `alias` in the query; null for none. */
export function maskedAccountSql(alias: string): RawBuilder<string | null> {
  const number = sql.raw(`coalesce(${alias}.iban, ${alias}.account_number)`);
  return sql<string | null>`CASE WHEN ${number} IS NULL THEN NULL ELSE '•••• ' || right(${number}, 4) END`;
}

/** The masked account a payout was collected to (a scalar subquery: one index look-up per row); null before. */
export const payoutAccountSql = sql<string | null>`(SELECT ${maskedAccountSql('collected_to')} FROM bank_accounts collected_to WHERE collected_to.id = payouts.bank_account_id)`;
