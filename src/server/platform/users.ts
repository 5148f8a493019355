// Look-ups of staff users by the identifiers people log in with.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { CustomerRow, UserRow } from '../db/types.ts';

/** The active customer whose own domain (CUSTOM_DOMAIN_NAME) is this host (the Host header, port dropped). */
export async function customerByDomain(db: Db, host: string | undefined): Promise<CustomerRow | undefined> {
  const name = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!name) return undefined;
  return db
    .selectFrom('customers')
    .innerJoin('settings', 'settings.customer_id', 'customers.id')
    .selectAll('customers')
    .where('settings.key', '=', 'CUSTOM_DOMAIN_NAME')
    .where(sql`lower(trim(settings.value))`, '=', name)
    .where('customers.is_active', '=', true)
    .executeTakeFirst();
}

export const STAFF_TYPES = ['USER', 'ADMIN', 'SUPER_ADMIN'] as const;

export async function findCustomerByUrl(db: Db, url: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where(sql`lower(url)`, '=', url.toLowerCase())
    .where('is_active', '=', true)
    .executeTakeFirst();
}

async function customerIsActive(db: Db, user: UserRow): Promise<boolean> {
  if (!user.customer_id) return true;
  const c = await db.selectFrom('customers').select('is_active').where('id', '=', user.customer_id).executeTakeFirst();
  return c?.is_active === true;
}

/** An active staff user by login (case-insensitive), optionally limited to one customer. */
export async function findStaffByLogin(db: Db, login: string, customerId?: number): Promise<UserRow | undefined> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(login)`, '=', login.trim().toLowerCase())
    .where('type', 'in', STAFF_TYPES)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!user || !(await customerIsActive(db, user))) return undefined;
  if (customerId !== undefined && user.customer_id !== customerId && user.type !== 'SUPER_ADMIN') return undefined;
  return user;
}

/** An active staff user by phone number; ambiguous numbers (several users) match nobody. */
export async function findStaffByPhone(db: Db, phone: string, customerId?: number): Promise<UserRow | undefined> {
  let q = db.selectFrom('users').selectAll().where('phone_number', '=', phone).where('type', 'in', STAFF_TYPES).where('is_active', '=', true);
  if (customerId !== undefined) q = q.where('customer_id', '=', customerId);
  const users = await q.limit(2).execute();
  if (users.length !== 1 || !(await customerIsActive(db, users[0]))) return undefined;
  return users[0];
}
