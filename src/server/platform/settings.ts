// Global (customer 0) and per-customer settings, with the product's defaults in one table.
import { sql, type RawBuilder } from 'kysely';
import { CUSTOMER_FEATURES, FEATURE_SETTINGS, type CustomerFeature } from '../../shared/customerFeatures.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/defaultTimeZone.ts';
import { CURRENCIES } from '../../shared/money.ts';
import type { Db } from '../db/index.ts';

export const GLOBAL = 0;

// The texts of SMS and e-mails (SMS_VERIFICATION_CODE_MESSAGE, PAYOUT_SMS_NOTIFICATION_MESSAGE, ...) have no default
// here: theirs are per language, in locales/<language>/messages.json (src/server/platform/messageTexts.ts).
export const SETTING_DEFAULTS: Record<string, string> = {
  AVAILABLE_CURRENCIES: JSON.stringify(CURRENCIES),
  AVAILABLE_COUNTRIES: '["PL","GB","DE","FR","US"]',
  // Per currency, in thousandths: an operation of this amount or more needs an SMS code (step-up). A currency missing
  // here always needs one. Defaults: 10,000.00 PLN, 2,500.00 EUR, 2,000.00 GBP, 2,500.00 USD.
  TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: '{"PLN":10000000,"EUR":2500000,"GBP":2000000,"USD":2500000}',
};

/**
 * A customer's settings (the spec's customer setting keys) where the customer has set none. Their screens come
 * with the settings issue; until then these defaults apply. Amounts in thousandths, hours 0-23.
 */
export const CUSTOMER_SETTING_DEFAULTS: Record<string, string> = {
  PAYOUT_SMS_REMINDER_ENABLED: 'false',
  PAYOUT_SMS_REMINDER_DAYS: '3',
  PAYOUT_SMS_REMINDER_HOUR: '10',
  PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_ENABLED: 'false',
  PAYOUT_LIMIT_ENABLED: 'false',
  PAYOUT_PER_TRANSACTION_LIMIT: '5000000',
  PAYOUT_MONTHLY_LIMIT: '10000000',
  PAYOUT_YEARLY_LIMIT: '50000000',
  SMS_SENDER_NAME: 'Payouts',
  TIME_ZONE: DEFAULT_TIME_ZONE,
  PAYOUT_ABILITY_TO_VIEW_BENEFICIARY_DETAILS: 'false',
  PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER: 'true',
  AVAILABLE_TRANSFER_TYPES: '["LOCAL","FOREIGN"]',
  AVAILABLE_MODULES: '["PAYOUTS"]',
  API_ENABLED: 'false',
};

/** The zone of a customer that has no valid TIME_ZONE, and of a SUPER_ADMIN naming no customer (the panel's too). */
export { DEFAULT_TIME_ZONE };

/** The customer's time zone (TIME_ZONE), a valid IANA name or the default. */
export async function customerTimeZone(db: Db, customerId: number): Promise<string> {
  return knownZone((await getCustomerSetting(db, customerId, 'TIME_ZONE')) ?? DEFAULT_TIME_ZONE);
}

/** The zone, where the runtime knows it; else the default (a stored zone a later runtime dropped). */
function knownZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Every customer's time zone (customerTimeZone's), as the customers' ids in each zone. */
export async function customersByTimeZone(db: Db): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom('customers')
    .leftJoin('settings', (join) => join.onRef('settings.customer_id', '=', 'customers.id').on('settings.key', '=', 'TIME_ZONE'))
    .select(['customers.id', 'settings.value'])
    .orderBy('customers.id')
    .execute();
  const zones = new Map<string, number[]>();
  for (const row of rows) {
    const zone = knownZone(row.value ?? CUSTOMER_SETTING_DEFAULTS.TIME_ZONE);
    zones.set(zone, [...(zones.get(zone) ?? []), row.id]);
  }
  return zones;
}

/**
 * The customer's time zone as SQL (its TIME_ZONE, else the default), for statements reading wall-clock times in it;
 * the default zone where no customer is named (a SUPER_ADMIN's view of every customer).
 */
export function customerTimeZoneSql(customerId: number | null): RawBuilder<string> {
  if (customerId === null) return sql<string>`${DEFAULT_TIME_ZONE}::text`;
  return sql<string>`COALESCE((SELECT s.value FROM settings s WHERE s.customer_id = ${customerId} AND s.key = 'TIME_ZONE'), ${DEFAULT_TIME_ZONE})`;
}

/** Whether the customer has a feature on (src/shared/customerFeatures.ts): its setting is true. */
export async function hasFeature(db: Db, customerId: number, feature: CustomerFeature): Promise<boolean> {
  return (await getCustomerSetting(db, customerId, FEATURE_SETTINGS[feature])) === 'true';
}

/** The features the customer has on. */
export async function customerFeatures(db: Db, customerId: number): Promise<CustomerFeature[]> {
  const on: CustomerFeature[] = [];
  for (const feature of CUSTOMER_FEATURES) if (await hasFeature(db, customerId, feature)) on.push(feature);
  return on;
}

/** One setting of a customer: its own value, else CUSTOMER_SETTING_DEFAULTS. */
export async function getCustomerSetting(db: Db, customerId: number, key: string): Promise<string | undefined> {
  return (await getSetting(db, key, customerId)) ?? CUSTOMER_SETTING_DEFAULTS[key];
}

export async function getSetting(db: Db, key: string, customerId = GLOBAL): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('customer_id', '=', customerId).where('key', '=', key).executeTakeFirst();
  return row?.value ?? (customerId === GLOBAL ? SETTING_DEFAULTS[key] : undefined);
}

export async function getSettings(db: Db, customerId = GLOBAL): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('customer_id', '=', customerId).execute();
  const base = customerId === GLOBAL ? { ...SETTING_DEFAULTS } : {};
  return Object.assign(base, Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

export async function putSettings(db: Db, values: Record<string, string>, customerId = GLOBAL): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('settings')
      .values({ customer_id: customerId, key, value })
      .onConflict((oc) => oc.columns(['customer_id', 'key']).doUpdateSet({ value, updated_at: new Date() }))
      .execute();
  }
}

/** Fills `{NAME}` placeholders of a message template. */
export function fillTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\{([A-Z_]+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
