// The collection page's look and texts for its address (GET /api/payout/collection/templateProperties, public): the
// program's settings over its customer's; what neither sets is null, and the page shows its own default text in the
// visitor's language. The customer's primary colour and logo (customers table) stand in for unset page ones.
// The address is resolved here once: on the product's own host the page's path names the customer and then the
// program; on a customer's own domain (its CUSTOM_DOMAIN_NAME) the customer is implied and the path names the
// program only. The answer names both as the sign-in calls expect them.
import { sql } from 'kysely';
import { COLLECTION_PAGE_SETTINGS, type CollectionPageSetting, type TemplateProperties } from '../../../shared/collection.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { customerByDomain, findCustomerByUrl } from '../../platform/users.ts';

export interface PageAddress {
  host?: string;
  /** The path's first segment. */
  customerUrl?: string;
  /** The path's second segment. */
  programUrl?: string;
}

async function programOf(db: Db, customerId: number, url: string) {
  return db.selectFrom('programs').select(['id', 'name', 'url']).where('customer_id', '=', customerId).where(sql`lower(url)`, '=', url.toLowerCase()).executeTakeFirst();
}

/** The customer and program a page address names (404 CUSTOMER_NOT_FOUND / PROGRAM_NOT_FOUND when it names none). */
async function resolvePage(db: Db, address: PageAddress) {
  const own = await customerByDomain(db, address.host);
  if (own) {
    // On its own domain a customer's page is `/` and its programs' `/{programUrl}`; its address on the product's
    // host (`/{customerUrl}`) still opens its page there.
    if (address.programUrl) throw new AppError(404, 'PROGRAM_NOT_FOUND');
    const segment = address.customerUrl;
    if (!segment) return { customer: own, program: undefined };
    const program = await programOf(db, own.id, segment);
    if (program) return { customer: own, program };
    if (segment.toLowerCase() === own.url.toLowerCase()) return { customer: own, program: undefined };
    throw new AppError(404, 'PROGRAM_NOT_FOUND');
  }
  const customer = address.customerUrl ? await findCustomerByUrl(db, address.customerUrl) : undefined;
  if (!customer) throw new AppError(404, 'CUSTOMER_NOT_FOUND');
  const program = address.programUrl ? await programOf(db, customer.id, address.programUrl) : undefined;
  if (address.programUrl && !program) throw new AppError(404, 'PROGRAM_NOT_FOUND');
  return { customer, program };
}

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | null => (value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null);

export async function templateProperties(db: Db, address: PageAddress, supportEmail: string): Promise<TemplateProperties> {
  const { customer, program } = await resolvePage(db, address);
  const keys = [...COLLECTION_PAGE_SETTINGS];
  const own = await db.selectFrom('settings').select(['key', 'value']).where('customer_id', '=', customer.id).where('key', 'in', keys).execute();
  const programOwn = program ? await db.selectFrom('program_settings').select(['key', 'value']).where('program_id', '=', program.id).where('key', 'in', keys).execute() : [];
  const values = new Map<string, string>();
  for (const row of [...own, ...programOwn]) if (row.value.trim() !== '') values.set(row.key, row.value);
  const get = (key: CollectionPageSetting) => values.get(key) ?? null;
  return {
    customerUrl: customer.url,
    programUrl: program?.url ?? null,
    supportEmail,
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
