// Images staff upload for a customer's pages (stored by src/server/platform/images.ts), served publicly at
// GET /api/images/{key} with their type, never sniffed by the browser, and cached for good (a new upload gets a new key).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { IMAGE_PATH } from '../../../shared/images.ts';

export function imageRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { key: string } }>(
    `${IMAGE_PATH}/:key`,
    { config: { public: true }, schema: { params: { type: 'object', properties: { key: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' } }, required: ['key'] } } },
    async (request, reply) => {
      const image = await db.selectFrom('images').select(['content_type', 'bytes']).where('key', '=', request.params.key).executeTakeFirst();
      if (!image) throw new AppError(404, 'NOT_FOUND');
      return reply
        .type(image.content_type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(image.bytes));
    },
  );
}
