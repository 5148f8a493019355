// The barcode pay-in page (/{customerUrl}/payin), under /api/payout/collection/payin:
//   GET, PUT {prefix}/settings?customerId   its settings (customer.settings, as the collection page's; a SUPER_ADMIN
//                                           names the customer). A PUT carries the whole set: what it leaves out is
//                                           cleared. Images are checked and stored as the collection page's are.
//   GET      {prefix}?customerUrl           what the page shows (public): the customer's name, the pay-in reference and
//                                           currency of its chosen (else oldest) account, and the settings. On a
//                                           customer's own domain the customer is implied.
import type { FastifyInstance } from 'fastify';
import { PAYIN_PAGE_FIELDS, PAYIN_PAGE_IMAGES, type PayinPage, type PayinPageField, type PayinPageSettings } from '../../../shared/payin.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { writeAudit } from '../../audit/log.ts';
import type { Db } from '../../db/index.ts';
import { AppError, fieldFailure } from '../../errors.ts';
import { storedImage } from '../../platform/images.ts';
import { customerByDomain, findCustomerByUrl } from '../../platform/users.ts';
import { actorOf, formAnswer, requestContext, type RequestContext } from '../../toolkit/index.ts';
import { loadSchema } from '../../validation.ts';

const FIELDS = Object.keys(PAYIN_PAGE_FIELDS) as PayinPageField[];
const KEYS: string[] = Object.values(PAYIN_PAGE_FIELDS);
const CUSTOMER: { permissions: Permission[] } = { permissions: ['customer.settings'] };
// Two images of up to 2 MB each, as base64 in JSON.
const BODY_LIMIT = 8 * 1024 * 1024;
const CUSTOMER_QUERY = { type: 'object', properties: { customerId: { type: 'integer', minimum: 1, maximum: 2147483647 } }, additionalProperties: false } as const;
const PAGE_QUERY = { type: 'object', properties: { customerUrl: { type: 'string', minLength: 1, maxLength: 100 } }, additionalProperties: false } as const;

async function storedValues(db: Db, customerId: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('customer_id', '=', customerId).where('key', 'in', KEYS).execute();
  return new Map(rows.filter((row) => row.value.trim() !== '').map((row) => [row.key, row.value]));
}

async function readSettings(db: Db, customerId: number): Promise<PayinPageSettings> {
  const values = await storedValues(db, customerId);
  const settings: PayinPageSettings = {};
  for (const field of FIELDS) {
    const value = values.get(PAYIN_PAGE_FIELDS[field]);
    if (value === undefined) continue;
    if (field === 'accountId') settings.accountId = Number(value);
    else settings[field] = value;
  }
  return settings;
}

async function writeSettings(ctx: RequestContext, customerId: number, body: PayinPageSettings): Promise<PayinPageSettings> {
  return ctx.db.transaction().execute(async (trx) => {
    if (body.accountId !== undefined) {
      const own = await trx.selectFrom('accounts').select('id').where('id', '=', body.accountId).where('customer_id', '=', customerId).executeTakeFirst();
      if (!own) throw fieldFailure('accountId', 'REFERENCE_NOT_FOUND');
    }
    const before = await readSettings(trx, customerId);
    for (const field of FIELDS) {
      const key = PAYIN_PAGE_FIELDS[field];
      const given = body[field];
      let value = given === undefined ? '' : String(given).trim();
      const image = PAYIN_PAGE_IMAGES[field];
      if (value && image) value = await storedImage(trx, customerId, field, value, image);
      if (value) {
        await trx.insertInto('settings').values({ customer_id: customerId, key, value }).onConflict((oc) => oc.columns(['customer_id', 'key']).doUpdateSet({ value, updated_at: new Date() })).execute();
      } else await trx.deleteFrom('settings').where('customer_id', '=', customerId).where('key', '=', key).execute();
    }
    const after = await readSettings(trx, customerId);
    await writeAudit(trx, { actor: actorOf(ctx), customerId, action: 'payinPage.update', entity: 'customer', entityId: customerId, before, after });
    return after;
  });
}

/** The customer a page address names: its own domain's, else the one of the path's first segment. */
async function pageCustomer(db: Db, host: string | undefined, customerUrl: string | undefined) {
  const own = await customerByDomain(db, host);
  if (own && (!customerUrl || customerUrl.toLowerCase() === own.url.toLowerCase())) return own;
  const customer = customerUrl ? await findCustomerByUrl(db, customerUrl) : undefined;
  if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  return customer;
}

async function payinPage(db: Db, host: string | undefined, customerUrl: string | undefined): Promise<PayinPage> {
  const customer = await pageCustomer(db, host, customerUrl);
  const values = await storedValues(db, customer.id);
  const get = (field: PayinPageField) => values.get(PAYIN_PAGE_FIELDS[field]) ?? null;
  const chosen = Number(get('accountId'));
  // The chosen account while it is the customer's, else its oldest.
  const account = await db
    .selectFrom('accounts')
    .select(['payin_reference', 'currency'])
    .where('customer_id', '=', customer.id)
    .orderBy((eb) => eb.case().when('id', '=', Number.isInteger(chosen) ? chosen : 0).then(0).else(1).end())
    .orderBy('id')
    .executeTakeFirst();
  const colour = await db.selectFrom('settings').select('value').where('customer_id', '=', customer.id).where('key', '=', 'COLLECTION_PRIMARY_COLOR').executeTakeFirst();
  return {
    customerName: customer.name,
    reference: account?.payin_reference ?? null,
    currency: account?.currency ?? null,
    logo: get('logo') ?? customer.logo_url,
    webTitle: get('webTitle'),
    favicon: get('favicon'),
    primaryColor: colour?.value.trim() || customer.primary_color,
    instructionLink: get('instructionLink'),
    supportLinkText: get('supportLinkText'),
    supportLink: get('supportLink'),
    pointsRankingLinkText: get('pointsRankingLinkText'),
    pointsRankingLink: get('pointsRankingLink'),
  };
}

export function payinRoutes(app: FastifyInstance): void {
  const body = loadSchema('forms/payin-page');
  const response = { 200: formAnswer('forms/payin-page') };
  const customerOf = (ctx: RequestContext): number => {
    if (ctx.customerId === null) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
    return ctx.customerId;
  };

  app.get<{ Querystring: { customerId?: number } }>('/payin/settings', { config: CUSTOMER, schema: { querystring: CUSTOMER_QUERY, response } }, async (request) => {
    const ctx = requestContext(request, request.query.customerId);
    return readSettings(ctx.db, customerOf(ctx));
  });

  app.put<{ Querystring: { customerId?: number }; Body: PayinPageSettings }>(
    '/payin/settings',
    { config: CUSTOMER, bodyLimit: BODY_LIMIT, schema: { querystring: CUSTOMER_QUERY, body, response } },
    async (request) => {
      const ctx = requestContext(request, request.query.customerId);
      return writeSettings(ctx, customerOf(ctx), request.body);
    },
  );

  app.get<{ Querystring: { customerUrl?: string } }>(
    '/payin',
    { config: { public: true, collectionPage: true }, schema: { querystring: PAGE_QUERY, response: { 200: loadSchema('responses/payin-page') } } },
    async (request) => payinPage(app.db, request.headers.host, request.query.customerUrl),
  );
}
