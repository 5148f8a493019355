// The staff users area, under /api/user: GET {prefix}, GET {prefix}/:id, POST {prefix}, PUT {prefix}.
import type { FastifyPluginAsync } from 'fastify';
import { resourceRoutes } from '../../toolkit/index.ts';
import { users } from './resource.ts';

export const usersArea: FastifyPluginAsync = async (app) => {
  resourceRoutes(app, users);
};
