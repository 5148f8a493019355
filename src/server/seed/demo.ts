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
    const hasRecipients = await trx.selectFrom('recipients').select('id').where('customer_id', '=', customer.id).limit(1).executeTakeFirst();
    if (!hasRecipients) {
      await trx.insertInto('recipients').values(demoRecipients(customer.id)).execute();
      created.push(`${DEMO_RECIPIENT_COUNT} recipients`);
    }
    const hasPrograms = await trx.selectFrom('programs').select('id').where('customer_id', '=', customer.id).limit(1).executeTakeFirst();
    if (!hasPrograms) {
      await trx.insertInto('programs').values(DEMO_PROGRAMS.map((p) => ({ ...p, customer_id: customer.id }))).execute();
      created.push(`${DEMO_PROGRAMS.length} programs`);
    }
  });
  return { created };
}

const FIRST = ['Anna', 'Piotr', 'Katarzyna', 'Tomasz', 'Magdalena', 'Michał', 'Agnieszka', 'Paweł', 'Joanna', 'Krzysztof', 'Emily', 'James'];
const LAST = ['Nowak', 'Kowalski', 'Wójcik', 'Kamińska', 'Lewandowski', 'Zielińska', 'Szymański', 'Dąbrowska', 'Król', 'Mazur', 'Smith', 'Brown'];
export const DEMO_RECIPIENT_COUNT = 64;

function demoRecipients(customerId: number) {
  return Array.from({ length: DEMO_RECIPIENT_COUNT }, (_, i) => {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    return {
      customer_id: customerId,
      external_id: `EMP-${String(1001 + i)}`,
      first_name: first,
      last_name: last,
      email: `recipient${i + 1}@demo.example.com`,
      phone_number: `+48601${String(i + 1).padStart(6, '0')}`,
      billon_user_name: i % 3 === 0 ? `user${i + 1}` : null,
      blocked: i % 17 === 5,
      // Spread over the last months so date filters have something to find.
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 4 * 86400000),
    };
  });
}

// Budgets in thousandths of the currency unit.
const DEMO_PROGRAMS = [
  { name: 'Employee bonuses', currency: 'PLN', budget: 250_000_000, budget_interval: 'MONTHLY', used_budget: 187_500_000, url: 'employee-bonuses' },
  { name: 'Referral rewards', currency: 'PLN', budget: 40_000_000, budget_interval: 'QUARTERLY', used_budget: 12_000_000, url: 'referral-rewards' },
  { name: 'Customer refunds', currency: 'PLN', budget: 100_000_000, budget_interval: 'YEARLY', used_budget: 101_000, url: 'refunds' },
  { name: 'Contest prizes', currency: 'PLN', budget: 15_000_000, budget_interval: 'ONE_TIME', used_budget: 15_000_000, url: 'contest' },
  { name: 'Travel allowances', currency: 'EUR', budget: 30_000_000, budget_interval: 'MONTHLY', used_budget: 24_600_000, url: 'travel' },
  { name: 'Partner commissions', currency: 'EUR', budget: 75_000_000, budget_interval: 'QUARTERLY', used_budget: 0, url: 'partners' },
  { name: 'Daily cashback', currency: 'PLN', budget: 2_000_000, budget_interval: 'DAILY', used_budget: 350_000, url: 'cashback' },
  { name: 'Weekly incentives', currency: 'EUR', budget: 5_000_000, budget_interval: 'WEEKLY', used_budget: 4_100_000, url: 'weekly' },
] as const;
