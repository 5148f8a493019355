// Idempotent demo data: one customer and one user of each kind, recipients, programs, and accounts with money.
// Running it again changes nothing.
import type { RepresentativePermission } from '../../shared/accounts.ts';
import { DEMO_PAYOUT_COUNT, seedPayouts } from './demoPayouts.ts';
import { writeAudit } from '../audit/log.ts';
import type { Db, Trx } from '../db/index.ts';
import { topUp, transfer } from '../ledger/index.ts';
import { hashPassword } from '../platform/auth/secrets.ts';

const DEMO_CUSTOMER = { name: 'Demo Company', url: 'demo' };

export const DEMO_USERS = [
  { login: 'superadmin', type: 'SUPER_ADMIN', kind: null, firstName: 'Sabina', lastName: 'Nowak', phone: '+48500100100', customer: false },
  { login: 'admin', type: 'ADMIN', kind: null, firstName: 'Adam', lastName: 'Kowalski', phone: '+48500100200', customer: true },
  { login: 'representative', type: 'USER', kind: 'GENERAL', firstName: 'Renata', lastName: 'Wiśniewska', phone: '+48500100300', customer: true },
  { login: 'viewer', type: 'USER', kind: 'SPECIAL', firstName: 'Wiktor', lastName: 'Zieliński', phone: '+48500100400', customer: true },
] as const;

export async function seedDemo(db: Db, password: string): Promise<{ created: string[] }> {
  const created: string[] = [];
  const hash = await hashPassword(password);
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
    const hasAccounts = await trx.selectFrom('accounts').select('id').where('customer_id', '=', customer.id).limit(1).executeTakeFirst();
    if (!hasAccounts) {
      await seedAccounts(trx, customer.id);
      created.push(`${DEMO_ACCOUNTS.length} accounts with top-ups and a transfer`);
    }
    const hasPayouts = await trx.selectFrom('payouts').select('id').where('customer_id', '=', customer.id).limit(1).executeTakeFirst();
    if (!hasPayouts) {
      await seedPayouts(trx, customer.id);
      created.push(`${DEMO_PAYOUT_COUNT} payouts in every status, paid from two accounts of their own`);
    }
    const hasPayer = await trx.selectFrom('payer_details').select('customer_id').where('customer_id', '=', customer.id).executeTakeFirst();
    if (!hasPayer) {
      await trx.insertInto('payer_details').values({ customer_id: customer.id, ...DEMO_PAYER }).execute();
      created.push('payer details');
    }
  });
  return { created };
}

// The demo customer as the payer of its payouts: the debtor of its settlement files.
const DEMO_PAYER = {
  legal_name: 'Demo Company sp. z o.o.',
  street: 'ul. Prosta 1',
  postal_code: '00-838',
  city: 'Warszawa',
  tax_id: '5250001233',
  iban: 'PL96114020040000330200123456',
  bank: 'mBank',
} as const;

// Amounts in thousandths. The money arrives by top-ups over the last weeks (recorded by the SUPER_ADMIN, as every
// top-up is) and part of it moves to the payroll account by an internal transfer, all through the ledger, so the
// statements and the audit log hold the demo's history.
const DEMO_ACCOUNTS = [
  { key: 'main', name: 'Main PLN account', currency: 'PLN' },
  { key: 'euro', name: 'Euro account', currency: 'EUR' },
  { key: 'payroll', name: 'Payroll PLN', currency: 'PLN' },
] as const;
type DemoAccount = (typeof DEMO_ACCOUNTS)[number]['key'];

const DEMO_TOP_UPS: { account: DemoAccount; amount: number; reference: string; daysAgo: number }[] = [
  { account: 'main', amount: 100_000_000, reference: 'Bank transfer 2026/001', daysAgo: 24 },
  { account: 'euro', amount: 25_000_000, reference: 'SEPA credit 2026/014', daysAgo: 21 },
  { account: 'main', amount: 90_000_000, reference: 'Bank transfer 2026/002', daysAgo: 17 },
  { account: 'main', amount: 60_000_000, reference: 'Bank transfer 2026/003', daysAgo: 10 },
  { account: 'euro', amount: 15_000_000, reference: 'SEPA credit 2026/022', daysAgo: 7 },
];
const DEMO_TRANSFER = { from: 'main', to: 'payroll', amount: 35_000_000, title: 'Payroll funding', daysAgo: 5 } as const;

/** The representative gives payouts from the PLN accounts; the viewer only reads the main one. */
const DEMO_REPRESENTATIVES: { login: string; account: DemoAccount; permission: RepresentativePermission }[] = [
  { login: 'representative', account: 'main', permission: 'account.manage' },
  { login: 'representative', account: 'payroll', permission: 'account.manage' },
  { login: 'viewer', account: 'main', permission: 'account.read' },
];

async function seedAccounts(trx: Trx, customerId: number): Promise<void> {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  const userId = async (login: string) => (await trx.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const superAdmin = { userId: await userId('superadmin') };
  const admin = { userId: await userId('admin') };
  const ids = {} as Record<DemoAccount, number>;
  for (const account of DEMO_ACCOUNTS) {
    const row = await trx
      .insertInto('accounts')
      .values({ customer_id: customerId, name: account.name, currency: account.currency, channel_type: null, transfer_type: null, created_at: daysAgo(28) })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[account.key] = row.id;
    await writeAudit(trx, {
      actor: superAdmin,
      customerId,
      action: 'account.create',
      entity: 'account',
      entityId: row.id,
      after: { name: account.name, currency: account.currency, customerId },
      at: daysAgo(28),
    });
  }
  for (const r of DEMO_REPRESENTATIVES) {
    await trx.insertInto('account_representatives').values({ account_id: ids[r.account], user_id: await userId(r.login), permission: r.permission }).execute();
  }
  for (const t of DEMO_TOP_UPS) {
    await topUp(trx, { accountId: ids[t.account], amount: t.amount, reference: t.reference, actor: superAdmin, at: daysAgo(t.daysAgo) });
  }
  const t = DEMO_TRANSFER;
  await transfer(trx, { fromAccountId: ids[t.from], toAccountId: ids[t.to], amount: t.amount, title: t.title, actor: admin, customerId, at: daysAgo(t.daysAgo) });
}

const FIRST = ['Anna', 'Piotr', 'Katarzyna', 'Tomasz', 'Magdalena', 'Michał', 'Agnieszka', 'Paweł', 'Joanna', 'Krzysztof', 'Emily', 'James'];
const LAST = ['Nowak', 'Kowalski', 'Wójcik', 'Kamińska', 'Lewandowski', 'Zielińska', 'Szymański', 'Dąbrowska', 'Król', 'Mazur', 'Smith', 'Brown'];
const DEMO_RECIPIENT_COUNT = 64;

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
  { name: 'Employee bonuses', currency: 'PLN', budget: 250_000_000, budget_interval: 'MONTHLY', url: 'employee-bonuses' },
  { name: 'Referral rewards', currency: 'PLN', budget: 40_000_000, budget_interval: 'QUARTERLY', url: 'referral-rewards' },
  { name: 'Customer refunds', currency: 'PLN', budget: 100_000_000, budget_interval: 'YEARLY', url: 'refunds' },
  { name: 'Contest prizes', currency: 'PLN', budget: 15_000_000, budget_interval: 'ONE_TIME', url: 'contest' },
  { name: 'Travel allowances', currency: 'EUR', budget: 30_000_000, budget_interval: 'MONTHLY', url: 'travel' },
  { name: 'Partner commissions', currency: 'EUR', budget: 75_000_000, budget_interval: 'QUARTERLY', url: 'partners' },
  { name: 'Daily cashback', currency: 'PLN', budget: 2_000_000, budget_interval: 'DAILY', url: 'cashback' },
  { name: 'Weekly incentives', currency: 'EUR', budget: 5_000_000, budget_interval: 'WEEKLY', url: 'weekly' },
] as const;
