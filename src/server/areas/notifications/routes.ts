// In-panel notifications, written where what they tell happens (in its transaction) and read by their user:
//   GET  /api/notification?limit      the newest first (20 by default) and the unread count
//   POST /api/notification/:id/read   one read
//   POST /api/notification/read       all read
// Staff sessions only (an API key has no user to notify).
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind, type NotificationList } from '../../../shared/notifications.ts';
import commonTexts from '../../../../locales/en/common.json' with { type: 'json' };
import type { Db, Trx } from '../../db/index.ts';
import { AppError, forbidden } from '../../errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { idParams, paramId, type IdParams } from '../../validation.ts';

type Params = Record<string, string | number>;

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

export function notificationRoutes(app: FastifyInstance, db: Db): void {
  const staff = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    if (auth.user.type === 'RECIPIENT') throw forbidden();
    return auth.user.id;
  };

  app.get<{ Querystring: { limit?: number } }>(
    '/api/notification',
    { schema: { querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 100 } }, additionalProperties: false } } },
    async (request): Promise<NotificationList> => {
      const userId = staff(request);
      const [rows, unread] = await Promise.all([
        db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(request.query.limit ?? 20).execute(),
        db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(present), unread: Number(unread.n) };
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/notification/:id/read',
    { schema: { params: idParams } },
    async (request) => {
      const userId = staff(request);
      const row = await db.updateTable('notifications').set({ read_at: new Date() }).where('id', '=', paramId(request.params)).where('user_id', '=', userId).returningAll().executeTakeFirst();
      if (!row) throw new AppError(404, 'NOT_FOUND');
      return present(row);
    },
  );

  app.post('/api/notification/read', async (request) => {
    const userId = staff(request);
    const done = await db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
    return { updated: Number(done.numUpdatedRows) };
  });
}
