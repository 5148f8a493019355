// A customer's settings (the spec's customer setting keys, described by schemas/forms/customer-settings.json) and its
// branding, under /api/customer:
//   GET  /settings?customerId                                  customer.settings   every key, defaults filled in
//   PUT  /settings?customerId                                  customer.settings   the keys sent; AVAILABLE_MODULES
//                                                                                  also needs customer.settings.available.modules
//   GET  /settings/:customerId/payoutNotificationDetails       customer.settings.payout.notification.details
//   GET  /settings/:customerId/modules                         customer.settings
// A SUPER_ADMIN names the customer; everyone else reads and changes their own. Values are typed by the schema
// (booleans, integers, lists) and stored as text; a change is audited with the values before and after.
// MESSAGES_LANGUAGE is the customer's choice, else the language of its country (platform/messageTexts.ts); an SMS text
// the customer has not written is answered as the default of that language, and one sent equal to a default of
// either language is not kept, so that it goes on following the language.
import type { FastifyPluginAsync } from 'fastify';
import { AppError, fieldFailure, forbidden } from '../../errors.ts';
import { writeAudit } from '../../audit/log.ts';
import { CUSTOMER_SETTING_DEFAULTS, getSettings } from '../../platform/settings.ts';
import { defaultMessageText, isDefaultMessageText, isMessageTextKey, languageFor, MESSAGES_LANGUAGE } from '../../platform/messageTexts.ts';
import { storedImage } from '../../platform/images.ts';
import { storedText, typedValue, type SettingProperty } from '../../platform/settingValues.ts';
import { actorOf, entityResponse, formAnswer, guardConstraints, requestContext, type JsonSchema, type RequestContext } from '../../toolkit/index.ts';
import type { Db } from '../../db/index.ts';
import { idParamsOf, loadSchema, paramId, type IdParams } from '../../validation.ts';

const body = loadSchema('forms/customer-settings') as JsonSchema & { properties: Record<string, SettingProperty> };
const PROPERTIES = body.properties;
/** Branding kept on the customer's own row rather than as settings. */
const CUSTOMER_COLUMNS = { primaryColor: 'primary_color', logoUrl: 'logo_url' } as const;
type CustomerColumnKey = keyof typeof CUSTOMER_COLUMNS;
const isColumn = (key: string): key is CustomerColumnKey => Object.hasOwn(CUSTOMER_COLUMNS, key);
/** Keys only a holder of customer.settings.available.modules may change. */
const MODULE_KEYS = ['AVAILABLE_MODULES'];
const LIMITS = ['PAYOUT_PER_TRANSACTION_LIMIT', 'PAYOUT_MONTHLY_LIMIT', 'PAYOUT_YEARLY_LIMIT'] as const;

const customerQuery: JsonSchema = { type: 'object', properties: { customerId: { type: 'integer', minimum: 1 } }, additionalProperties: false };
const customerParams = idParamsOf('customerId');
/** The settings answered: the form's keys, those with a value (readCustomerSettings). */
const settingsAnswer = formAnswer('forms/customer-settings');

type CustomerSettings = Record<string, unknown>;

/** The customer a request acts for, which must exist (a SUPER_ADMIN names it). */
async function ownCustomer(ctx: RequestContext, named?: number): Promise<number> {
  const id = named !== undefined && ctx.auth.user.type === 'SUPER_ADMIN' ? named : ctx.customerId;
  if (id === null || (ctx.auth.user.type !== 'SUPER_ADMIN' && named !== undefined && named !== ctx.customerId)) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  const found = await ctx.db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  return id;
}

/** Every key of the schema with its value: the customer's own, else the default; keys without either are left out. */
async function readCustomerSettings(db: Db, customerId: number): Promise<CustomerSettings> {
  const [own, customer] = await Promise.all([
    getSettings(db, customerId),
    db.selectFrom('customers').select(['primary_color', 'logo_url', 'country_code']).where('id', '=', customerId).executeTakeFirstOrThrow(),
  ]);
  const lang = languageFor(own[MESSAGES_LANGUAGE], customer.country_code);
  const values: CustomerSettings = { [MESSAGES_LANGUAGE]: lang };
  for (const [key, property] of Object.entries(PROPERTIES)) {
    if (isColumn(key)) {
      const value = customer[CUSTOMER_COLUMNS[key]];
      if (value !== null) values[key] = value;
      continue;
    }
    if (key === MESSAGES_LANGUAGE) continue;
    const text = own[key] ?? (isMessageTextKey(key) ? defaultMessageText(key, lang) : CUSTOMER_SETTING_DEFAULTS[key]);
    const value = text === undefined ? undefined : typedValue(property, text);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** Per transaction < monthly < yearly, over the values after the change; reported under the first key out of order. */
function checkLimits(after: CustomerSettings): void {
  const [perTransaction, monthly, yearly] = LIMITS.map((key) => after[key]);
  if (typeof perTransaction === 'number' && typeof monthly === 'number' && perTransaction >= monthly) throw fieldFailure('PAYOUT_PER_TRANSACTION_LIMIT', 'INVALID_LIMITS_ORDER');
  if (typeof monthly === 'number' && typeof yearly === 'number' && monthly >= yearly) throw fieldFailure('PAYOUT_MONTHLY_LIMIT', 'INVALID_LIMITS_ORDER');
}

async function writeCustomerSettings(ctx: RequestContext, customerId: number, changes: CustomerSettings): Promise<CustomerSettings> {
  if (MODULE_KEYS.some((key) => key in changes) && !ctx.auth.permissions.includes('customer.settings.available.modules')) throw forbidden();
  return guardConstraints(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        // The customer's row is locked, so two changes of one customer's limits are checked one after the other.
        await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().executeTakeFirstOrThrow();
        const before = await readCustomerSettings(trx, customerId);
        const after = { ...before, ...changes };
        checkLimits(after);
        for (const [key, value] of Object.entries(changes)) {
          if (isColumn(key)) {
            // An uploaded logo is stored as an image of the customer and named by its address.
            const column = value === null ? null : key === 'logoUrl' ? await storedImage(trx, customerId, key, value as string, { favicon: false }) : (value as string);
            await trx.updateTable('customers').set({ [CUSTOMER_COLUMNS[key]]: column, updated_at: new Date() }).where('id', '=', customerId).execute();
            continue;
          }
          // null clears a key: its default again, or none (an own domain, a human task id hash given up). A default
          // text is no text of the customer's own.
          if (value === null || (isMessageTextKey(key) && isDefaultMessageText(key, value as string))) {
            await trx.deleteFrom('settings').where('customer_id', '=', customerId).where('key', '=', key).execute();
            continue;
          }
          const text = storedText(value);
          await trx
            .insertInto('settings')
            .values({ customer_id: customerId, key, value: text })
            .onConflict((oc) => oc.columns(['customer_id', 'key']).doUpdateSet({ value: text, updated_at: new Date() }))
            .execute();
        }
        const stored = await readCustomerSettings(trx, customerId);
        // The audit names the logo by its address, never by the uploaded bytes.
        const changed = Object.keys(changes).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(stored[key]));
        if (changed.length) {
          await writeAudit(trx, {
            actor: actorOf(ctx),
            customerId,
            action: 'customer.settingsChange',
            entity: 'customer',
            entityId: customerId,
            before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
            after: Object.fromEntries(changed.map((key) => [key, stored[key] ?? null])),
          });
        }
        return stored;
      }),
    {
      settings_human_task_id_hash_key: { property: 'HUMAN_TASK_ID_HASH', code: 'HUMAN_TASK_ID_HASH_TAKEN' },
      settings_custom_domain_key: { property: 'CUSTOM_DOMAIN_NAME', code: 'CUSTOM_DOMAIN_NAME_TAKEN' },
    },
  );
}

const NOTIFICATION_KEYS = [
  'PAYOUT_SMS_NOTIFICATION_MESSAGE',
  'PAYOUT_SMS_REMINDER_ENABLED',
  'PAYOUT_SMS_REMINDER_DAYS',
  'PAYOUT_SMS_REMINDER_HOUR',
  'PAYOUT_SMS_REMINDER_MESSAGE',
  'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_ENABLED',
  'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE',
  'SMS_SENDER_NAME',
] as const;

/** The payout notification details: each of its keys with the form's type, or null where it has no value. */
const notificationDetails: JsonSchema = (() => {
  const answer = entityResponse('forms/customer-settings', NOTIFICATION_KEYS) as JsonSchema & { properties: Record<string, JsonSchema> };
  const orNull = (property: JsonSchema) => ({ ...property, type: [property.type, 'null'].flat() });
  return { ...answer, properties: Object.fromEntries(Object.entries(answer.properties).map(([key, property]) => [key, orNull(property)])) };
})();

/** The modules answer: { modules } with the form's AVAILABLE_MODULES. */
const modulesAnswer: JsonSchema = {
  type: 'object',
  properties: { modules: (entityResponse('forms/customer-settings', ['AVAILABLE_MODULES']).properties as Record<string, JsonSchema>).AVAILABLE_MODULES },
  required: ['modules'],
};

export const customerSettingsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { customerId?: number } }>(
    '/settings',
    { config: { permissions: ['customer.settings'] }, schema: { querystring: customerQuery, response: { 200: settingsAnswer } } },
    async (request) => {
      const ctx = requestContext(request, request.query.customerId);
      return readCustomerSettings(ctx.db, await ownCustomer(ctx, request.query.customerId));
    },
  );

  app.put<{ Querystring: { customerId?: number }; Body: CustomerSettings }>(
    '/settings',
    { config: { permissions: ['customer.settings'] }, schema: { querystring: customerQuery, body, response: { 200: settingsAnswer } } },
    async (request) => {
      const ctx = requestContext(request, request.query.customerId);
      return writeCustomerSettings(ctx, await ownCustomer(ctx, request.query.customerId), request.body);
    },
  );

  app.get<{ Params: IdParams<'customerId'> }>(
    '/settings/:customerId/payoutNotificationDetails',
    { config: { permissions: ['customer.settings.payout.notification.details'] }, schema: { params: customerParams, response: { 200: notificationDetails } } },
    async (request) => {
      const customerId = paramId(request.params, 'customerId');
      const ctx = requestContext(request, customerId);
      const values = await readCustomerSettings(ctx.db, await ownCustomer(ctx, customerId));
      return Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, values[key] ?? null]));
    },
  );

  app.get<{ Params: IdParams<'customerId'> }>(
    '/settings/:customerId/modules',
    { config: { permissions: ['customer.settings'] }, schema: { params: customerParams, response: { 200: modulesAnswer } } },
    async (request) => {
      const customerId = paramId(request.params, 'customerId');
      const ctx = requestContext(request, customerId);
      const values = await readCustomerSettings(ctx.db, await ownCustomer(ctx, customerId));
      return { modules: values.AVAILABLE_MODULES ?? [] };
    },
  );
};
