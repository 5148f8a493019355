// Step-up authorization: an operation whose amount reaches the currency's TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD
// needs an SMS code (the spec's "additional authorization"). The route calls requireStepUp before doing the work:
//   'ok'        go ahead: below the threshold, or the request carried the right code (now used up);
//   'required'  a code was sent by SMS: answer HTTP 200 { "authorizationRequired": true }; the client repeats the
//               same request with verificationCode;
//   throws      AppError 400 INVALID_VERIFICATION_CODE for a wrong, expired, used or foreign code.
// A code is bound to its operation: the user, the purpose, the currency, the amount and the operation's parameters
// (account ids, ...) are hashed into the code's row, so a code sent for 100 PLN cannot authorize 10,000 PLN, nor
// another account, nor another kind of operation. Codes are hashed, expire and allow a bounded number of tries
// (src/server/platform/auth/codes.ts).
import { createHash } from 'node:crypto';
import { toInputString } from '../../shared/money.ts';
import { toWallTime } from '../../shared/zonedTime.ts';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { consumeCode, issueCode } from './auth/codes.ts';
import { enqueue, type OutboxDispatcher } from './outbox.ts';
import { DEFAULT_TIME_ZONE, fillTemplate, getSetting, SETTING_DEFAULTS } from './settings.ts';
import { messageText, staffLanguage } from './messageTexts.ts';
import type { MessageLanguage } from '../../shared/customers.ts';
import type { CodeSmsVariable } from '../../shared/sms.ts';
// The operations that ask for a code; the purpose is part of what the code is bound to.
import type { StepUpPurpose } from '../../shared/stepUp.ts';

const THRESHOLD_SETTING = 'TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD';
/** How long a step-up code lives unless the caller says otherwise (the CODE_TTL default), seconds. */
const STEP_UP_CODE_TTL = 300;

export type StepUpResult = 'ok' | 'required';

export interface StepUpArgs {
  userId: number;
  /** Where the code goes; a user without a phone cannot pass a step-up (AUTHORIZATION_PHONE_MISSING). */
  phoneNumber: string | null;
  currency: string;
  /** Thousandths of the currency: the operation's total. */
  amount: number;
  /** The code of the repeated request; absent on the first one. */
  verificationCode?: string | null;
  purpose: StepUpPurpose;
  /** The operation's other parameters the code is bound to, e.g. { fromAccountId: 3, toAccountId: 5 }. */
  operation?: Record<string, string | number | boolean | null>;
  /** The operation's number or reference shown as {NUM}; by default a short form of the operation's hash. */
  reference?: string | null;
  /** The language the request states (the user's); without one, the user's customer's, else English. */
  language?: MessageLanguage;
  /** The time zone of {DATE} (the customer's TIME_ZONE setting). */
  timeZone?: string;
  ttlSeconds?: number;
}

/** The thresholds per currency, in thousandths. A malformed setting counts as empty: every operation then needs a code. */
export async function stepUpThresholds(db: Db): Promise<Record<string, number>> {
  const text = (await getSetting(db, THRESHOLD_SETTING)) ?? SETTING_DEFAULTS[THRESHOLD_SETTING];
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isSafeInteger(e[1]) && e[1] >= 0),
    );
  } catch {
    return {};
  }
}

/** Whether an operation of this amount needs a code: at or above the currency's threshold, or no threshold for it. */
export async function needsStepUp(db: Db, currency: string, amount: number): Promise<boolean> {
  const threshold = (await stepUpThresholds(db))[currency];
  return threshold === undefined || amount >= threshold;
}

/** The hash a code is bound to: everything that identifies the operation, in a canonical order. */
function operationHash(args: Pick<StepUpArgs, 'userId' | 'purpose' | 'currency' | 'amount' | 'operation'>): string {
  const operation = Object.fromEntries(Object.entries(args.operation ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const canonical = JSON.stringify([args.userId, args.purpose, args.currency, args.amount, operation]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** "YYYY-MM-DD hh:mm" in a time zone. */
export function formatSmsDate(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  // The zone's offset read once per hour, not an Intl formatter per message (an import words tens of thousands).
  return toWallTime(date, timeZone).slice(0, 16);
}

/**
 * The SMS text: the SMS_VERIFICATION_CODE_MESSAGE template with DATE, NUM, SUM and PASS filled. The same template
 * serves the login codes, whose only variable is PASS; when it does not name the sum, the operation's details follow
 * the text, so an authorization SMS always says what it authorizes.
 */
function stepUpMessage(template: string, vars: Record<CodeSmsVariable, string>): string {
  const text = fillTemplate(template, vars);
  return template.includes('{SUM}') ? text : `${text} (${vars.SUM}, ${vars.NUM}, ${vars.DATE})`;
}

/**
 * Decides whether an operation may proceed (see the top of this file). Call it on the database, outside the
 * operation's transaction: a wrong code must stay charged against the code's tries even though the request fails.
 */
export async function requireStepUp(db: Db, outbox: Pick<OutboxDispatcher, 'kick'> | null, args: StepUpArgs): Promise<StepUpResult> {
  if (db.isTransaction) throw new Error("requireStepUp runs outside the operation's transaction");
  if (!Number.isSafeInteger(args.amount) || args.amount < 0) throw new Error(`requireStepUp: invalid amount ${args.amount}`);
  if (!(await needsStepUp(db, args.currency, args.amount))) return 'ok';

  const hash = operationHash(args);
  if (args.verificationCode !== undefined && args.verificationCode !== null) {
    const ok = await consumeCode(db, { userId: args.userId, purposes: ['STEP_UP'], code: args.verificationCode, operationHash: hash });
    if (!ok) throw new AppError(400, 'INVALID_VERIFICATION_CODE');
    return 'ok';
  }

  if (!args.phoneNumber) throw new AppError(400, 'AUTHORIZATION_PHONE_MISSING');
  const phoneNumber = args.phoneNumber;
  const user = await db.selectFrom('users').select('customer_id').where('id', '=', args.userId).executeTakeFirstOrThrow();
  const template = await messageText(db, 'SMS_VERIFICATION_CODE_MESSAGE', await staffLanguage(db, user, args.language));
  await db.transaction().execute(async (trx) => {
    // A new code for the same operation replaces the previous one; codes of other operations stay valid.
    const code = await issueCode(trx, { userId: args.userId, purpose: 'STEP_UP', ttlSeconds: args.ttlSeconds ?? STEP_UP_CODE_TTL, operationHash: hash });
    const body = stepUpMessage(template, {
      DATE: formatSmsDate(new Date(), args.timeZone),
      NUM: args.reference ?? hash.slice(0, 8).toUpperCase(),
      SUM: `${toInputString(args.amount)} ${args.currency}`,
      PASS: code,
    });
    await enqueue(trx, { channel: 'sms', recipient: phoneNumber, body, lane: 'code' });
  });
  void outbox?.kick();
  return 'required';
}
