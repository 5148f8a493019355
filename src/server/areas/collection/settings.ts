// The collection page's settings as staff edit them: the customer's (customer.settings; a SUPER_ADMIN names the
// customer) and a program's, which win over its customer's (payout.program.manage). A PUT carries the whole set:
// what it leaves out is cleared. Uploaded images are checked and stored (src/server/platform/images.ts) and kept as their address.
import type { FastifyInstance } from 'fastify';
import { COLLECTION_PAGE_FIELDS, COLLECTION_PAGE_IMAGES, type CollectionPageField, type CollectionPageSettings } from '../../../shared/collection.ts';
import { writeAudit } from '../../audit/log.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { storedImage } from '../../platform/images.ts';
import { actorOf, formAnswer, requestContext, type RequestContext } from '../../toolkit/index.ts';
import { idParams, loadSchema, paramId, type IdParams } from '../../validation.ts';
import type { Permission } from '../../../shared/permissions.ts';

const FIELDS = Object.keys(COLLECTION_PAGE_FIELDS) as CollectionPageField[];
const KEYS: string[] = Object.values(COLLECTION_PAGE_FIELDS);
const CUSTOMER: { permissions: Permission[] } = { permissions: ['customer.settings'] };
const PROGRAM: { permissions: Permission[] } = { permissions: ['payout.program.manage'] };
// Three images of up to 2 MB each, as base64 in JSON.
const BODY_LIMIT = 10 * 1024 * 1024;
const CUSTOMER_QUERY = { type: 'object', properties: { customerId: { type: 'integer', minimum: 1, maximum: 2147483647 } }, additionalProperties: false } as const;

/** Where a set of settings lives: a customer's rows in `settings`, or a program's in `program_settings`. */
type Owner = { customerId: number; programId: number | null };

function toFields(rows: { key: string; value: string }[]): CollectionPageSettings {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const settings: CollectionPageSettings = {};
  for (const field of FIELDS) {
    const value = byKey.get(COLLECTION_PAGE_FIELDS[field]);
    if (value !== undefined && value !== '') settings[field] = value;
  }
  return settings;
}

async function readSettings(db: Db, owner: Owner): Promise<CollectionPageSettings> {
  const rows =
    owner.programId === null
      ? await db.selectFrom('settings').select(['key', 'value']).where('customer_id', '=', owner.customerId).where('key', 'in', KEYS).execute()
      : await db.selectFrom('program_settings').select(['key', 'value']).where('program_id', '=', owner.programId).where('key', 'in', KEYS).execute();
  return toFields(rows);
}

async function writeSettings(ctx: RequestContext, owner: Owner, body: CollectionPageSettings): Promise<CollectionPageSettings> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, owner);
    for (const field of FIELDS) {
      const key = COLLECTION_PAGE_FIELDS[field];
      let value = body[field]?.trim() ?? '';
      const image = COLLECTION_PAGE_IMAGES[field];
      if (value && image) value = await storedImage(trx, owner.customerId, field, value, image);
      if (owner.programId === null) {
        if (value) {
          await trx.insertInto('settings').values({ customer_id: owner.customerId, key, value }).onConflict((oc) => oc.columns(['customer_id', 'key']).doUpdateSet({ value, updated_at: new Date() })).execute();
        } else await trx.deleteFrom('settings').where('customer_id', '=', owner.customerId).where('key', '=', key).execute();
      } else if (value) {
        await trx.insertInto('program_settings').values({ program_id: owner.programId, key, value }).onConflict((oc) => oc.columns(['program_id', 'key']).doUpdateSet({ value, updated_at: new Date() })).execute();
      } else await trx.deleteFrom('program_settings').where('program_id', '=', owner.programId).where('key', '=', key).execute();
    }
    const after = await readSettings(trx, owner);
    await writeAudit(trx, {
      actor: actorOf(ctx),
      customerId: owner.customerId,
      action: 'collectionPage.update',
      entity: owner.programId === null ? 'customer' : 'program',
      entityId: owner.programId ?? owner.customerId,
      before,
      after,
    });
    return after;
  });
}

function customerOwner(ctx: RequestContext): Owner {
  if (ctx.customerId === null) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  return { customerId: ctx.customerId, programId: null };
}

/** A program the request may change: its customer's own, or any for a SUPER_ADMIN. */
async function programOwner(ctx: RequestContext, id: number): Promise<Owner> {
  const program = await ctx.db.selectFrom('programs').select(['id', 'customer_id']).where('id', '=', id).executeTakeFirst();
  if (!program || (ctx.auth.user.type !== 'SUPER_ADMIN' && program.customer_id !== ctx.customerId)) throw new AppError(404, 'PROGRAM_NOT_FOUND');
  return { customerId: program.customer_id, programId: program.id };
}

export function pageSettingsRoutes(app: FastifyInstance): void {
  const body = loadSchema('forms/collection-page');
  // The answer is the form's fields, those set only (toFields).
  const response = { 200: formAnswer('forms/collection-page') };

  app.get<{ Querystring: { customerId?: number } }>('/settings', { config: CUSTOMER, schema: { querystring: CUSTOMER_QUERY, response } }, async (request) => {
    const ctx = requestContext(request, request.query.customerId);
    return readSettings(ctx.db, customerOwner(ctx));
  });

  app.put<{ Querystring: { customerId?: number }; Body: CollectionPageSettings }>(
    '/settings',
    { config: CUSTOMER, bodyLimit: BODY_LIMIT, schema: { querystring: CUSTOMER_QUERY, body, response } },
    async (request) => {
      const ctx = requestContext(request, request.query.customerId);
      return writeSettings(ctx, customerOwner(ctx), request.body);
    },
  );

  app.get<{ Params: IdParams }>('/settings/program/:id', { config: PROGRAM, schema: { params: idParams, response } }, async (request) => {
    const ctx = requestContext(request);
    return readSettings(ctx.db, await programOwner(ctx, paramId(request.params)));
  });

  app.put<{ Params: IdParams; Body: CollectionPageSettings }>(
    '/settings/program/:id',
    { config: PROGRAM, bodyLimit: BODY_LIMIT, schema: { params: idParams, body, response } },
    async (request) => {
      const ctx = requestContext(request);
      return writeSettings(ctx, await programOwner(ctx, paramId(request.params)), request.body);
    },
  );
}
