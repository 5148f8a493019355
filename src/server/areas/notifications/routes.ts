// In-panel notifications, written where what they tell happens (in its transaction) and read by their user, under
// /api/notification:
//   GET  {prefix}?limit      the newest first (20 by default) and the unread count
//   POST {prefix}/:id/read   one read
//   POST {prefix}/read       all read
// Staff sessions only (an API key has no user to notify).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind, type NotificationList } from '../../../shared/notifications.ts';
import commonTexts from '../../../../locales/en/common.json' with { type: 'json' };
import { AppError, forbidden } from '../../errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { idParams, loadSchema, paramId, type IdParams } from '../../validation.ts';

type Params = Record<string, string | number>;

const limitQuery = { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 100 } }, additionalProperties: false };
const notification = loadSchema('responses/notification');
const notificationList = {
  type: 'object',
  properties: { items: { type: 'array', items: notification }, unread: { type: 'integer', minimum: 0 } },
  required: ['items', 'unread'],
};

/** The English title: the panel's text with its values (for API callers and the log). */
function englishTitle(kind: NotificationKind, params: Params): string {
  const template = (commonTexts as { notifications: Record<string, string> }).notifications[kind] ?? kind;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function present(row: { id: number; title_key: string; params: string; read_at: Date | string | null; created_at: Date | string }): Notification {
  const kind = (NOTIFICATION_KINDS as readonly string[]).includes(row.title_key) ? (row.title_key as NotificationKind) : 'importFinished';
  const params = JSON.parse(row.params) as Params;
  return { id: Number(row.id), kind, params, title: englishTitle(kind, params), read: row.read_at !== null, createdAt: new Date(row.created_at).toISOString() };
}

/** The staff user asking: the owner of the notifications the route reads or marks. */
function staffUser(request: FastifyRequest): number {
  const auth = authOf(request);
  if (auth.user.type === 'RECIPIENT') throw forbidden();
  return auth.user.id;
}

export const notificationsArea: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.get<{ Querystring: { limit?: number } }>(
    '',
    { schema: { querystring: limitQuery, response: { 200: notificationList } } },
    async (request): Promise<NotificationList> => {
      const userId = staffUser(request);
      const [rows, unread] = await Promise.all([
        db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(request.query.limit ?? 20).execute(),
        db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(present), unread: Number(unread.n) };
    },
  );

  app.post<{ Params: IdParams }>('/:id/read', { schema: { params: idParams, response: { 200: notification } } }, async (request) => {
    const userId = staffUser(request);
    const row = await db.updateTable('notifications').set({ read_at: new Date() }).where('id', '=', paramId(request.params)).where('user_id', '=', userId).returningAll().executeTakeFirst();
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return present(row);
  });

  app.post('/read', { schema: { response: { 200: loadSchema('responses/notifications-read') } } }, async (request) => {
    const userId = staffUser(request);
    const done = await db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
    return { updated: Number(done.numUpdatedRows) };
  });
};
