// GET /api/settings (any staff user) and PUT /api/settings (global administration, settings.manage): the global
// settings schemas/forms/settings-global.json describes, typed by it (lists and the per-currency threshold as JSON,
// src/server/platform/settingValues.ts). A change takes effect at the next read (nothing caches them) and is audited.
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../audit/log.ts';
import type { Db } from '../../db/index.ts';
import { authOf } from '../../plugins/auth.ts';
import { loadSchema } from '../../validation.ts';
import { getSettings, GLOBAL } from '../../platform/settings.ts';
import { storedText, typedValue, type SettingProperty } from '../../platform/settingValues.ts';

const body = loadSchema('forms/settings-global') as { properties: Record<string, SettingProperty> };

/** The stored settings typed by the schema; keys the schema does not describe as they are stored. */
function present(stored: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(stored).map(([key, text]) => [key, Object.hasOwn(body.properties, key) ? (typedValue(body.properties[key], text) ?? text) : text]),
  );
}

export function settingsRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/settings', { config: { permissions: ['settings.read'] } }, async () => present(await getSettings(db)));

  app.put<{ Body: Record<string, unknown> }>(
    '/api/settings',
    { config: { permissions: ['settings.manage'] }, schema: { body } },
    async (request) => {
      const auth = authOf(request);
      await db.transaction().execute(async (trx) => {
        const before = present(await getSettings(trx));
        const changed = Object.keys(request.body).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(request.body[key]));
        for (const key of changed) {
          const value = storedText(request.body[key]);
          await trx
            .insertInto('settings')
            .values({ customer_id: GLOBAL, key, value })
            .onConflict((oc) => oc.columns(['customer_id', 'key']).doUpdateSet({ value, updated_at: new Date() }))
            .execute();
        }
        if (changed.length) {
          await writeAudit(trx, {
            actor: { userId: auth.user.id, sessionId: auth.sessionId, apiKeyId: auth.apiKeyId },
            customerId: null,
            action: 'settings.update',
            entity: 'settings',
            entityId: null,
            before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
            after: Object.fromEntries(changed.map((key) => [key, request.body[key]])),
          });
        }
      });
      return present(await getSettings(db));
    },
  );
}
