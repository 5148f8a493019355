// GET /api/settings (any staff user) and PUT /api/settings (global administration).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { loadSchema } from '../validation.ts';
import { getSettings, putSettings } from './settings.ts';

const JSON_VALUED = new Set(['AVAILABLE_CURRENCIES', 'AVAILABLE_COUNTRIES']);

function present(stored: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, JSON_VALUED.has(k) ? JSON.parse(v) : v]));
}

export function settingsRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/settings', { config: { permissions: ['settings.read'] } }, async () => present(await getSettings(db)));

  app.put<{ Body: Record<string, unknown> }>(
    '/api/settings',
    { config: { permissions: ['settings.manage'] }, schema: { body: loadSchema('forms/settings-global') } },
    async (request) => {
      const values = Object.fromEntries(
        Object.entries(request.body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
      await putSettings(db, values);
      return present(await getSettings(db));
    },
  );
}
