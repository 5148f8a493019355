// Idempotent demo data: one customer and one user of each kind. Running it again changes nothing.
import type { Db } from '../db/index.ts';
import { hashSecret } from '../modules/auth/secrets.ts';

export const DEMO_CUSTOMER = { name: 'Demo Company', url: 'demo' };

export const DEMO_USERS = [
  { login: 'superadmin', type: 'SUPER_ADMIN', kind: null, firstName: 'Sabina', lastName: 'Nowak', phone: '+48500100100', customer: false },
  { login: 'admin', type: 'ADMIN', kind: null, firstName: 'Adam', lastName: 'Kowalski', phone: '+48500100200', customer: true },
  { login: 'representative', type: 'USER', kind: 'GENERAL', firstName: 'Renata', lastName: 'Wiśniewska', phone: '+48500100300', customer: true },
  { login: 'viewer', type: 'USER', kind: 'SPECIAL', firstName: 'Wiktor', lastName: 'Zieliński', phone: '+48500100400', customer: true },
] as const;

export async function seedDemo(db: Db, password: string): Promise<{ created: string[] }> {
  const created: string[] = [];
  const hash = await hashSecret(password);
  await db.transaction().execute(async (trx) => {
    let customer = await trx.selectFrom('customers').select('id').where('url', '=', DEMO_CUSTOMER.url).executeTakeFirst();
    if (!customer) {
      customer = await trx.insertInto('customers').values({ ...DEMO_CUSTOMER, logo_url: null, primary_color: null, login_variant: null }).returning('id').executeTakeFirstOrThrow();
      created.push(`customer ${DEMO_CUSTOMER.name}`);
    }
    for (const u of DEMO_USERS) {
      const exists = await trx.selectFrom('users').select('id').where('login', '=', u.login).executeTakeFirst();
      if (exists) continue;
      await trx
        .insertInto('users')
        .values({
          login: u.login,
          password_hash: hash,
          first_name: u.firstName,
          last_name: u.lastName,
          phone_number: u.phone,
          email: `${u.login}@demo.example.com`,
          type: u.type,
          representative_kind: u.kind,
          customer_id: u.customer ? customer.id : null,
        })
        .execute();
      created.push(`user ${u.login}`);
    }
  });
  return { created };
}
