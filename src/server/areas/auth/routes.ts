// The auth area, under /api: staff login (login.ts), the signed-in user (me.ts) and the password restore flow
// (restore.ts). The login and restore routes are public and rate limited per source; their abuse rules are in
// docs/security.md.
import type { FastifyPluginAsync } from 'fastify';
import { loginRoutes } from './login.ts';
import { meRoutes } from './me.ts';
import { restoreRoutes } from './restore.ts';

export const authArea: FastifyPluginAsync = async (app) => {
  loginRoutes(app);
  meRoutes(app);
  restoreRoutes(app);
};
