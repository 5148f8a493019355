// Recipients (payees) of a customer, with block and unblock.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { authOf } from '../plugins/auth.ts';
import { actingCustomer, rowMapper, type Resource } from './crud.ts';
import { normalisePhone } from '../../shared/validation/rules.ts';

export const recipientsResource: Resource = {
  path: '/api/payout/recipient',
  table: 'recipients',
  entitySchema: 'entities/recipient',
  formSchema: 'forms/recipient',
  filterSchema: 'filters/recipient',
  permissions: { read: ['payout.recipient.read'], manage: ['payout.recipient.manage'] },
  tenant: true,
  notFound: 'RECIPIENT_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  searchColumns: ['first_name', 'last_name', 'email', 'phone_number', 'external_id'],
  unique: { recipients_phone_key: { property: 'phoneNumber', code: 'RECIPIENT_PHONE_TAKEN' } },
  adjust(values, body) {
    values.phone_number = normalisePhone(body.phoneNumber, 'PL');
  },
};

/** POST /api/payout/recipient/toggleBlackListed { id }: flips the blocked flag in one statement. */
export function recipientBlockRoutes(app: FastifyInstance, db: Db): void {
  const toApi = rowMapper(recipientsResource);
  app.post<{ Body: { id: number } }>(
    '/api/payout/recipient/toggleBlackListed',
    {
      config: { permissions: ['payout.recipient.manage'] },
      schema: { body: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } },
    },
    async (request) => {
      const auth = authOf(request);
      const customerId = actingCustomer(auth, undefined);
      let q = db.updateTable('recipients').set({ blocked: sql<boolean>`NOT blocked`, updated_at: new Date() }).where('id', '=', request.body.id);
      if (auth.user.type !== 'SUPER_ADMIN') q = q.where('customer_id', '=', customerId!);
      const row = await q.returningAll().executeTakeFirst();
      if (!row) throw new AppError(404, 'RECIPIENT_NOT_FOUND');
      return toApi(row);
    },
  );
}
