// The texts of the SMS and e-mails the product sends, in the language they are sent in. Each text is a setting
// (MESSAGE_TEXT_KEYS): a saved one is the customer's own (payout texts) or the operator's (code texts, global) and is
// sent as it is; without one, the default of the language is sent (locales/<language>/messages.json). A text saved
// equal to a default is not kept (customers/settings.ts), so that it follows the language when that changes.
// The language: a customer's MESSAGES_LANGUAGE, else Polish for a customer in Poland, else English. Recipients hear
// in their customer's; staff in their own (the language the panel shows them, which it states in each request), else
// in their customer's.
import { MESSAGE_LANGUAGES, MESSAGE_TEXT_KEYS, type MessageLanguage, type MessageTextKey } from '../../shared/customers.ts';
import type { Db } from '../db/index.ts';
import { getSetting, GLOBAL } from './settings.ts';
import { textIn } from './texts.ts';

export const MESSAGES_LANGUAGE = 'MESSAGES_LANGUAGE';

/** The texts that are customer settings; the others (the codes' texts) are global ones. */
const CUSTOMER_TEXTS: readonly MessageTextKey[] = ['PAYOUT_SMS_NOTIFICATION_MESSAGE', 'PAYOUT_SMS_REMINDER_MESSAGE', 'PAYOUT_SMS_COLLECTED_PAYOUTS_NOTIFICATION_MESSAGE'];

export const isMessageTextKey = (key: string): key is MessageTextKey => (MESSAGE_TEXT_KEYS as readonly string[]).includes(key);
const isMessageLanguage = (value: unknown): value is MessageLanguage => (MESSAGE_LANGUAGES as readonly unknown[]).includes(value);

/** A text's default in a language. */
export function defaultMessageText(key: MessageTextKey, lang: MessageLanguage): string {
  return textIn(lang, `messages:${key}`);
}

/** Whether a text is the default of one of the languages. */
export function isDefaultMessageText(key: MessageTextKey, text: string): boolean {
  return MESSAGE_LANGUAGES.some((lang) => defaultMessageText(key, lang) === text);
}

/** An e-mail's subject in a language (messages.json's `subjects`), its `{NAME}`s left for fillTemplate. */
export function messageSubject(name: 'verificationCode' | 'restorePassword', lang: MessageLanguage): string {
  return textIn(lang, `messages:subjects.${name}`);
}

/** The language of messages by a customer's choice (MESSAGES_LANGUAGE) and its country, as customerLanguage decides. */
export function languageFor(chosen: string | undefined, countryCode: string | undefined): MessageLanguage {
  if (isMessageLanguage(chosen)) return chosen;
  return countryCode === 'PL' ? 'pl' : 'en';
}

/** The language of a customer's messages. */
export async function customerLanguage(db: Db, customerId: number): Promise<MessageLanguage> {
  const row = await db
    .selectFrom('customers')
    .leftJoin('settings', (join) => join.onRef('settings.customer_id', '=', 'customers.id').on('settings.key', '=', MESSAGES_LANGUAGE))
    .select(['customers.country_code', 'settings.value'])
    .where('customers.id', '=', customerId)
    .executeTakeFirst();
  return languageFor(row?.value ?? undefined, row?.country_code);
}

/**
 * The language of a staff user's own codes: the user's, where the request states it (the panel sends the language it
 * shows: statedLanguage in texts.ts); else their customer's messages'; else English.
 */
export async function staffLanguage(db: Db, user: { customer_id: number | null }, stated: MessageLanguage | undefined): Promise<MessageLanguage> {
  if (stated) return stated;
  return user.customer_id === null ? 'en' : customerLanguage(db, user.customer_id);
}

/** A text to send: the saved one (the customer's for payout texts, the global one for codes), else the language's default. */
export async function messageText(db: Db, key: MessageTextKey, lang: MessageLanguage, customerId?: number): Promise<string> {
  const owner = CUSTOMER_TEXTS.includes(key) && customerId !== undefined ? customerId : GLOBAL;
  return (await getSetting(db, key, owner)) ?? defaultMessageText(key, lang);
}
