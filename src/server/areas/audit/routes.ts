// The audit log area, under /api/audit (type: src/shared/audit.ts):
//   GET {prefix}?page&limit&orderBy&order&options&customerId   -> { items: AuditEntry[], numberOfRecords }
// Who reads it: the roles holding user.manage (the spec's permission list has none for the log): a SUPER_ADMIN
// every entry (or one customer's, naming it with customerId), an ADMIN the entries of its own customer (global
// entries, of no customer, are the SUPER_ADMIN's alone). Read-only: entries are written by the changes they
// describe, in their transactions (src/server/audit/log.ts).
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { listRoute, untyped, type ListRouteOptions } from '../../toolkit/index.ts';

const auditLog: ListRouteOptions = {
  permissions: ['user.manage'],
  tenancy: { column: 'audit_log.customer_id' },
  baseQuery: (ctx) => untyped(ctx.db).selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_user_id'),
  fields: {
    id: 'audit_log.id',
    createdAt: 'audit_log.created_at',
    actorUserId: 'audit_log.actor_user_id',
    actorLogin: 'users.login',
    customerId: 'audit_log.customer_id',
    action: 'audit_log.action',
    entity: 'audit_log.entity',
    // Entities are named by their numeric ids (stored as text, so the log can name any kind of key).
    entityId: sql`CASE WHEN audit_log.entity_id ~ '^[0-9]{1,15}$' THEN audit_log.entity_id::bigint END`,
    before: 'audit_log.before',
    after: 'audit_log.after',
  },
  filterSchema: 'filters/audit',
  search: ['audit_log.action', 'audit_log.entity', 'users.login'],
  defaultOrder: ['createdAt', 'DESC'],
  response: 'entities/audit',
};

export const auditArea: FastifyPluginAsync = async (app) => {
  listRoute(app, auditLog);
};
