// Images staff upload for a customer's pages: stored in the database under an unguessable key, their type read from
// their bytes (src/shared/images.ts: raster images only, so an SVG or an HTML file is refused whatever it claims to
// be), and served publicly by the images area (src/server/platform/images.ts).
import { randomUUID } from 'node:crypto';
import { checkFavicon, IMAGE_PATH, MAX_UPLOAD_BYTES, sniffImageType } from '../../shared/images.ts';
import type { Db } from '../db/index.ts';
import { AppError, fieldFailure } from '../errors.ts';

const DATA_URL = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=]+)$/;
const STORED = new RegExp(`^${IMAGE_PATH}/([A-Za-z0-9-]+)$`);

/**
 * The address of an image field's value: a new upload (a data URL) is checked and stored; an address already given
 * must be one of this customer's images. Refusals name the field.
 */
export async function storedImage(db: Db, customerId: number, property: string, value: string, options: { favicon: boolean }): Promise<string> {
  const existing = STORED.exec(value);
  if (existing) {
    const found = await db.selectFrom('images').select('key').where('key', '=', existing[1]).where('customer_id', '=', customerId).executeTakeFirst();
    if (!found) throw fieldFailure(property, 'FILE_FORMAT_INVALID');
    return value;
  }
  const data = DATA_URL.exec(value);
  if (!data) throw fieldFailure(property, 'FILE_FORMAT_INVALID');
  const bytes = Buffer.from(data[1], 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw fieldFailure(property, 'FILE_TOO_LARGE');
  const type = sniffImageType(bytes);
  if (!type) throw fieldFailure(property, 'FILE_FORMAT_INVALID');
  if (options.favicon && !checkFavicon(bytes, bytes.length)) throw fieldFailure(property, 'INVALID_FAVICON');
  const key = randomUUID();
  await db.insertInto('images').values({ key, customer_id: customerId, content_type: type, bytes }).execute();
  return `${IMAGE_PATH}/${key}`;
}

