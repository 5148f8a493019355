// The collection page's look and texts for its address (GET /api/payout/collection/templateProperties, public): the
// program's settings over its customer's; what neither sets is null, and the page shows its own default text in the
// visitor's language. The customer's primary colour and logo (customers table) stand in for unset page ones.
import { sql } from 'kysely';
import { COLLECTION_PAGE_SETTINGS, type CollectionPageSetting, type TemplateProperties } from '../../../shared/collection.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { findCustomerByUrl } from '../../modules/users.ts';

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | null => (value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null);

export async function templateProperties(db: Db, customerUrl: string, programUrl: string | undefined): Promise<TemplateProperties> {
  const customer = await findCustomerByUrl(db, customerUrl);
  if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  const program = programUrl
    ? await db.selectFrom('programs').select(['id', 'name']).where('customer_id', '=', customer.id).where(sql`lower(url)`, '=', programUrl.toLowerCase()).executeTakeFirst()
    : undefined;
  if (programUrl && !program) throw new AppError(404, 'PROGRAM_NOT_FOUND');
  const keys = [...COLLECTION_PAGE_SETTINGS];
  const own = await db.selectFrom('settings').select(['key', 'value']).where('customer_id', '=', customer.id).where('key', 'in', keys).execute();
  const programOwn = program ? await db.selectFrom('program_settings').select(['key', 'value']).where('program_id', '=', program.id).where('key', 'in', keys).execute() : [];
  const values = new Map<string, string>();
  for (const row of [...own, ...programOwn]) if (row.value.trim() !== '') values.set(row.key, row.value);
  const get = (key: CollectionPageSetting) => values.get(key) ?? null;
  return {
    customerName: customer.name,
    programName: program?.name ?? null,
    favicon: get('COLLECTION_FAVICON'),
    webTitle: get('COLLECTION_WEB_TITLE'),
    backgroundType: oneOf(get('COLLECTION_BACKGROUND_TYPE'), ['IMAGE', 'COLOR'] as const),
    backgroundImage: get('COLLECTION_BACKGROUND_IMAGE'),
    backgroundColor: get('COLLECTION_BACKGROUND_COLOR'),
    headerType: oneOf(get('COLLECTION_HEADER_TYPE'), ['TITLE', 'LOGO'] as const),
    title: get('COLLECTION_TITLE'),
    logo: get('COLLECTION_LOGO') ?? customer.logo_url,
    headerLink: get('COLLECTION_HEADER_LINK'),
    supportLinkText: get('COLLECTION_SUPPORT_LINK_TEXT'),
    supportLink: get('COLLECTION_SUPPORT_LINK'),
    noPayoutsMessage: get('COLLECTION_NO_PAYOUTS_MESSAGE'),
    selectPayoutsTitle: get('COLLECTION_SELECT_PAYOUTS_TITLE'),
    successMessage: get('COLLECTION_SUCCESS_MESSAGE'),
    pageTitle: get('COLLECTION_PAGE_TITLE'),
    primaryColor: get('COLLECTION_PRIMARY_COLOR') ?? customer.primary_color,
  };
}
