// Images staff upload for a customer's pages (stored by src/server/platform/images.ts), served publicly at
// GET /api/images/{key} with their type, never sniffed by the browser, and cached for good (a new upload gets a new key).
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import { fileResponse } from '../../toolkit/index.ts';

const keyParams = { type: 'object', properties: { key: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' } }, required: ['key'] };
// The bytes leave as they are (a Buffer is never serialised), under the content type they were stored with.
const image = fileResponse('The image, with the content type it was uploaded as (PNG, JPEG, GIF, WebP or BMP).');

/** Under IMAGE_PATH (src/shared/images.ts). */
export const imagesArea: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { key: string } }>(
    '/:key',
    { config: { public: true }, schema: { params: keyParams, response: { 200: image } } },
    async (request, reply) => {
      const stored = await app.db.selectFrom('images').select(['content_type', 'bytes']).where('key', '=', request.params.key).executeTakeFirst();
      if (!stored) throw new AppError(404, 'NOT_FOUND');
      return reply
        .type(stored.content_type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(stored.bytes));
    },
  );
};
