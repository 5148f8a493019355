// The calls of the collection page (contracts in src/shared/collection.ts), over the client's one fetch wrapper. The
// recipient's token lives in memory only: the session is short, the phone may be shared, and a reload starts again
// at the phone number.
import { api, configureApi } from '../core/api.ts';
import { ApiError } from '../core/apiError.ts';
import type {
  BankAccount,
  CollectablePayouts,
  CollectAnswer,
  CollectBody,
  NewBankAccount,
  RecipientAuthenticateBody,
  RecipientLoginBody,
  TemplateProperties,
} from '../../shared/collection.ts';
import type { BankDetail } from '../../shared/collection.ts';
import type { PageAddress } from './address.ts';

let token: string | null = null;

/** Wires the session's reactions: a 401 (the session ended) and a server failure, each told once by the page. */
export function startSession(onEnded: () => void, onFailure: (error: ApiError) => void): () => void {
  return configureApi({ getToken: () => token, onUnauthorized: onEnded, onServerError: onFailure });
}

export function endSession(): void {
  token = null;
}

export type TemplateResult =
  | { kind: 'page'; properties: TemplateProperties }
  | { kind: 'home' }
  | { kind: 'notFound' }
  | { kind: 'unavailable' }
  | { kind: 'break' };

/** Whether a call was answered with the technical break (the server's 503 TECHNICAL_BREAK). */
export function isTechnicalBreak(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.code === 'TECHNICAL_BREAK';
}

/** The page's look for its address, or what the page shows instead. */
export async function loadTemplate(address: PageAddress | null): Promise<TemplateResult> {
  if (!address) return { kind: 'notFound' };
  try {
    const properties = await api.get<TemplateProperties>('/payout/collection/templateProperties', { query: { ...address }, quiet: true });
    return { kind: 'page', properties };
  } catch (error) {
    if (isTechnicalBreak(error)) return { kind: 'break' };
    if (error instanceof ApiError && error.status === 404) return address.customerUrl ? { kind: 'notFound' } : { kind: 'home' };
    if (error instanceof ApiError && error.status === 400) return { kind: 'notFound' };
    return { kind: 'unavailable' };
  }
}

export interface Page {
  customerUrl: string;
  programUrl: string | null;
}

function pageBody(page: Page): Pick<RecipientLoginBody, 'customerUrl' | 'programUrl'> {
  return page.programUrl ? { customerUrl: page.customerUrl, programUrl: page.programUrl } : { customerUrl: page.customerUrl };
}

export async function askForCode(page: Page, phoneNumber: string): Promise<void> {
  const body: RecipientLoginBody = { ...pageBody(page), phoneNumber };
  await api.post('/payout/recipient/login', body);
}

export async function signIn(page: Page, phoneNumber: string, verificationCode: string): Promise<void> {
  const body: RecipientAuthenticateBody = { ...pageBody(page), phoneNumber, verificationCode };
  const answer = await api.post<{ token: string }>('/payout/recipient/authenticate', body);
  token = answer.token;
}

/** The payouts, and the customer's zone their end dates show in (that of the SMS). */
export async function collectablePayouts(): Promise<CollectablePayouts> {
  return api.get<CollectablePayouts>('/payout/collection');
}

export async function bankAccounts(): Promise<BankAccount[]> {
  return (await api.get<{ items: BankAccount[] }>('/payout/collection/bankAccount')).items;
}

export interface Country {
  countryCode: string;
  label: string;
}

/** The countries a transfer in the currency goes to, of the routes the page's customer offers. */
export async function bankCountries(currency: string): Promise<Country[]> {
  return (await api.get<{ items: Country[] }>('/paymentRoutes/countries', { query: { currency } })).items;
}

/** Which details a transfer to a country in a currency needs; a PAYMENT_ROUTE_NOT_FOUND ApiError when none goes. */
export async function requiredFields(countryCode: string, currency: string): Promise<BankDetail[]> {
  return (await api.get<{ requiredFields: BankDetail[] }>('/paymentRoutes/requiredFields', { query: { countryCode, currency }, quiet: true })).requiredFields;
}

export function addBankAccount(account: NewBankAccount): Promise<BankAccount> {
  return api.post<BankAccount>('/payout/collection/bankAccount', account);
}

export function collect(body: CollectBody): Promise<CollectAnswer> {
  return api.post<CollectAnswer>('/payout/collection', body);
}
