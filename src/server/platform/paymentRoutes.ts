// Payment routes (src/shared/data/payment-routes.json): the channel a transfer to a bank account in a country and a
// currency goes by, the details it needs, and its transfer type. LOCAL is a country's domestic route in its own
// currency (EU_PL, UK_LOCAL, US_LOCAL); FOREIGN is every other route (SEPA, SWIFT, the international ones). A customer
// offers its recipients the routes of the types its AVAILABLE_TRANSFER_TYPES setting names: the collection page lists
// only those, and a bank account on another route can be neither added nor collected to.
import routesData from '../../shared/data/payment-routes.json' with { type: 'json' };
import { TRANSFER_TYPES, type ChannelType, type TransferType } from '../../shared/accounts.ts';
import type { BankDetail } from '../../shared/collection.ts';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { getCustomerSetting } from './settings.ts';

export interface PaymentRoute {
  countryCode: string;
  currency: string;
  channel: ChannelType;
  transferType: TransferType;
  requiredFields: BankDetail[];
}

export const PAYMENT_ROUTES = routesData.routes as PaymentRoute[];

/** The route to a bank account in that country and currency, if there is one. */
function findRoute(countryCode: string, currency: string): PaymentRoute | undefined {
  return PAYMENT_ROUTES.find((r) => r.countryCode === countryCode && r.currency === currency);
}

const isTransferType = (value: unknown): value is TransferType => TRANSFER_TYPES.includes(value as TransferType);

function parseTypes(value: string | undefined): TransferType[] | null {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    return Array.isArray(parsed) ? parsed.filter(isTransferType) : null;
  } catch {
    return null;
  }
}

/** The transfer types a customer offers (AVAILABLE_TRANSFER_TYPES; the default, both, when unset or unreadable). */
async function offeredTransferTypes(db: Db, customerId: number): Promise<TransferType[]> {
  return parseTypes(await getCustomerSetting(db, customerId, 'AVAILABLE_TRANSFER_TYPES')) ?? [...TRANSFER_TYPES];
}

/** The routes a customer offers. */
export async function offeredRoutes(db: Db, customerId: number): Promise<PaymentRoute[]> {
  const types = await offeredTransferTypes(db, customerId);
  return PAYMENT_ROUTES.filter((r) => types.includes(r.transferType));
}

/** The route to a bank account in that country and currency, refused (400) when none goes there or the customer does not offer it. */
export async function offeredRoute(db: Db, customerId: number, countryCode: string, currency: string): Promise<PaymentRoute> {
  const route = findRoute(countryCode, currency);
  if (!route) throw new AppError(400, 'PAYMENT_ROUTE_NOT_FOUND');
  if (!(await offeredTransferTypes(db, customerId)).includes(route.transferType)) throw new AppError(400, 'TRANSFER_TYPE_NOT_OFFERED');
  return route;
}
