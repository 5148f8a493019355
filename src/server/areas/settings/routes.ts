// The global settings, under /api/settings:
//   GET {prefix}   any staff user (settings.read)
//   PUT {prefix}   global administration (settings.manage)
// The settings schemas/forms/settings-global.json describes are typed by it (lists and the per-currency threshold as
// JSON, src/server/platform/settingValues.ts). A change takes effect at the next read (nothing caches them) and is audited.
import type { FastifyPluginAsync } from 'fastify';
import { writeAudit } from '../../audit/log.ts';
import { getSettings, GLOBAL } from '../../platform/settings.ts';
import { storedText, typedValue, type SettingProperty } from '../../platform/settingValues.ts';
import { actorOf, formAnswer, inTransaction, requestContext, transactionOf, type JsonSchema, type RequestContext } from '../../toolkit/index.ts';
import { loadSchema } from '../../validation.ts';

const body = loadSchema('forms/settings-global') as { properties: Record<string, SettingProperty> };

/** The stored settings typed by the schema; keys the schema does not describe as they are stored. */
function present(stored: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(stored).map(([key, text]) => [key, Object.hasOwn(body.properties, key) ? (typedValue(body.properties[key], text) ?? text) : text]),
  );
}

/**
 * The answer of both routes, as `present` makes it: the form's settings typed by the form, or as their stored text
 * when that no longer parses; every other global setting (the e-mail code's text, the settlement debtor) as text.
 */
function settingsAnswer(): JsonSchema {
  const answer = formAnswer('forms/settings-global');
  const typed = Object.entries(answer.properties as Record<string, JsonSchema>).map(([key, property]) => {
    const types = Array.isArray(property.type) ? property.type : [property.type];
    return [key, { ...property, type: [...new Set([...types, 'string'])] }];
  });
  return { ...answer, properties: Object.fromEntries(typed), additionalProperties: { type: 'string' } };
}

/** Stores the settings that change, and audits them, in one transaction. */
async function save(ctx: RequestContext, values: Record<string, unknown>): Promise<void> {
  await inTransaction(ctx, async (inside) => {
    const trx = transactionOf(inside);
    const before = present(await getSettings(trx));
    const changed = Object.keys(values).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(values[key]));
    for (const key of changed) {
      const value = storedText(values[key]);
      await trx
        .insertInto('settings')
        .values({ customer_id: GLOBAL, key, value })
        .onConflict((oc) => oc.columns(['customer_id', 'key']).doUpdateSet({ value, updated_at: new Date() }))
        .execute();
    }
    if (changed.length) {
      await writeAudit(trx, {
        actor: actorOf(ctx),
        customerId: null,
        action: 'settings.update',
        entity: 'settings',
        entityId: null,
        before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
        after: Object.fromEntries(changed.map((key) => [key, values[key]])),
      });
    }
  });
}

export const settingsArea: FastifyPluginAsync = async (app) => {
  const answer = { 200: settingsAnswer() };

  app.get('', { config: { permissions: ['settings.read'] }, schema: { response: answer } }, async () => present(await getSettings(app.db)));

  app.put<{ Body: Record<string, unknown> }>('', { config: { permissions: ['settings.manage'] }, schema: { body, response: answer } }, async (request) => {
    await save(requestContext(request), request.body);
    return present(await getSettings(app.db));
  });
};
