// The audit log area, under /api/audit (type: src/shared/audit.ts):
//   GET {prefix}?page&limit&orderBy&order&options&customerId   -> { items: AuditEntry[], numberOfRecords }
// Who reads it: the roles holding user.manage (the spec's permission list has none for the log): a SUPER_ADMIN
// every entry (or one customer's, naming it with customerId), an ADMIN the entries of its own customer (global
// entries, of no customer, are the SUPER_ADMIN's alone). Read-only: entries are written by the changes they
// describe, in their transactions (src/server/audit/log.ts).
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { actorKindSql, actorNameSql } from '../../audit/actor.ts';
import { listRoute, untyped, type ListRouteOptions } from '../../toolkit/index.ts';

// The actor as a person reads it: a recipient by name, an API key's call marked as the key's (audit/actor.ts).
const actor = { users: 'users', recipients: 'actor_recipients', apiKeyId: 'audit_log.actor_api_key_id' };
const actorName = actorNameSql(actor);

const auditLog: ListRouteOptions = {
  permissions: ['user.manage'],
  tenancy: { column: 'audit_log.customer_id' },
  baseQuery: (ctx) =>
    untyped(ctx.db)
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
      .leftJoin('recipients as actor_recipients', 'actor_recipients.id', 'users.recipient_id'),
  fields: {
    id: 'audit_log.id',
    createdAt: 'audit_log.created_at',
    actorUserId: 'audit_log.actor_user_id',
    actorLogin: actorName,
    actorKind: actorKindSql(actor),
    customerId: 'audit_log.customer_id',
    action: 'audit_log.action',
    entity: 'audit_log.entity',
    // Entities are named by their numeric ids (stored as text, so the log can name any kind of key).
    entityId: sql`CASE WHEN audit_log.entity_id ~ '^[0-9]{1,15}$' THEN audit_log.entity_id::bigint END`,
    before: 'audit_log.before',
    after: 'audit_log.after',
  },
  filterSchema: 'filters/audit',
  search: ['audit_log.action', 'audit_log.entity', actorName],
  defaultOrder: ['createdAt', 'DESC'],
  response: 'entities/audit',
};

export const auditArea: FastifyPluginAsync = async (app) => {
  listRoute(app, auditLog);
};
