// In-panel notifications are written where what they tell happens, in its transaction; their user reads them
// through the notifications area (src/server/areas/notifications/routes.ts).
import type { NotificationKind } from '../../shared/notifications.ts';
import type { Db, Trx } from '../db/index.ts';

type Params = Record<string, string | number>;

export async function notify(trx: Db | Trx, userIds: readonly number[], kind: NotificationKind, params: Params): Promise<void> {
  if (!userIds.length) return;
  await trx
    .insertInto('notifications')
    .values(userIds.map((userId) => ({ user_id: userId, title_key: kind, params: JSON.stringify(params) })))
    .execute();
}

/** The active ADMIN users of a customer (who are told what happened to its payouts). */
export async function customerAdmins(trx: Db | Trx, customerId: number): Promise<number[]> {
  const rows = await trx.selectFrom('users').select('id').where('customer_id', '=', customerId).where('type', '=', 'ADMIN').where('is_active', '=', true).execute();
  return rows.map((row) => row.id);
}

/** The active SUPER_ADMIN users (who are told what the ledger check found). */
export async function superAdmins(trx: Db | Trx): Promise<number[]> {
  const rows = await trx.selectFrom('users').select('id').where('type', '=', 'SUPER_ADMIN').where('is_active', '=', true).execute();
  return rows.map((row) => row.id);
}
