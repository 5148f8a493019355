// Step-up authorization (src/server/platform/stepUp.ts): the threshold per currency, the SMS with the code and the operation's
// details, and the code's use: once, only for the operation it was sent for, within its time and tries.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.ts';
import { MAX_CODE_ATTEMPTS } from '../../src/server/platform/auth/codes.ts';
import { putSettings, SETTING_DEFAULTS } from '../../src/server/platform/settings.ts';
import { formatSmsDate, requireStepUp, stepUpThresholds, type StepUpArgs } from '../../src/server/platform/stepUp.ts';
import { openLedgerDatabase, type LedgerDatabase } from './ledger-database.ts';

describe('step-up authorization', () => {
  let t: LedgerDatabase;
  let kicks = 0;
  const outbox = {
    kick: async () => {
      kicks += 1;
    },
  };

  beforeAll(async () => {
    t = await openLedgerDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await putSettings(t.db, {
      TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: SETTING_DEFAULTS.TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD,
      // The operator's own text, in force for every customer's language.
      SMS_VERIFICATION_CODE_MESSAGE: 'Your verification code: {PASS}',
    });
  });

  const transferOf = (amount: number, extra: Partial<StepUpArgs> = {}): StepUpArgs => ({
    userId: t.admin.id,
    phoneNumber: t.admin.phoneNumber,
    currency: 'PLN',
    amount,
    purpose: 'INTERNAL',
    operation: { fromAccountId: 1, toAccountId: 2 },
    ...extra,
  });

  async function smsTo(phone: string): Promise<string[]> {
    const rows = await t.db.selectFrom('outbox').select('body').where('recipient', '=', phone).where('channel', '=', 'sms').orderBy('id').execute();
    return rows.map((r) => r.body);
  }

  async function lastCode(): Promise<string> {
    const bodies = await smsTo(t.admin.phoneNumber);
    const match = /\b(\d{6})\b/.exec(bodies[bodies.length - 1] ?? '');
    if (!match) throw new Error('no code was sent');
    return match[1];
  }

  async function refusal(promise: Promise<unknown>): Promise<unknown> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).toJSON();
  }
  const INVALID = { code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code!' };

  it('has per-currency defaults in thousandths: 10,000.00 PLN, 2,500.00 EUR, 2,000.00 GBP, 2,500.00 USD', async () => {
    expect(await stepUpThresholds(t.db)).toEqual({ PLN: 10_000_000, EUR: 2_500_000, GBP: 2_000_000, USD: 2_500_000 });
  });

  it('lets an operation below the threshold through without a code', async () => {
    const before = (await smsTo(t.admin.phoneNumber)).length;
    expect(await requireStepUp(t.db, outbox, transferOf(9_999_999))).toBe('ok');
    expect(await requireStepUp(t.db, outbox, transferOf(2_499_990, { currency: 'EUR' }))).toBe('ok');
    expect((await smsTo(t.admin.phoneNumber)).length).toBe(before);
  });

  it('asks for a code at the threshold and above, and sends it by SMS with the sum', async () => {
    const kicksBefore = kicks;
    expect(await requireStepUp(t.db, outbox, transferOf(10_000_000))).toBe('required');
    expect(kicks).toBe(kicksBefore + 1);
    const body = (await smsTo(t.admin.phoneNumber)).pop()!;
    expect(body).toMatch(/^Your verification code: \d{6} \(10000\.00 PLN, [0-9A-F]{8}, \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)$/);
    const row = await t.db
      .selectFrom('verification_codes')
      .select(['purpose', 'code_hash', 'operation_hash'])
      .where('user_id', '=', t.admin.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('STEP_UP');
    expect(row.operation_hash).toMatch(/^[0-9a-f]{64}$/);
    // Stored hashed, never as sent.
    expect(row.code_hash).not.toContain(await lastCode());
  });

  it('fills DATE, NUM, SUM and PASS of the configured message', async () => {
    await putSettings(t.db, { SMS_VERIFICATION_CODE_MESSAGE: 'Authorization code {PASS} for {SUM}, operation {NUM} of {DATE}.' });
    expect(await requireStepUp(t.db, outbox, transferOf(15_000_000, { reference: 'TR-42', timeZone: 'UTC' }))).toBe('required');
    const body = (await smsTo(t.admin.phoneNumber)).pop()!;
    const match = /^Authorization code (\d{6}) for 15000\.00 PLN, operation TR-42 of (\d{4}-\d{2}-\d{2} \d{2}:\d{2})\.$/.exec(body);
    expect(match).not.toBeNull();
    const sent = Date.parse(`${match![2].replace(' ', 'T')}:00Z`);
    expect(Math.abs(Date.now() - sent)).toBeLessThan(2 * 60_000);
    expect(formatSmsDate(new Date('2026-01-15T23:30:00Z'), 'Europe/Warsaw')).toBe('2026-01-16 00:30');
  });

  it('refuses a wrong code, accepts the right one once', async () => {
    const args = transferOf(12_345_000);
    expect(await requireStepUp(t.db, outbox, args)).toBe('required');
    const code = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, verificationCode: wrong }))).toEqual(INVALID);
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, verificationCode: 'abc' }))).toEqual(INVALID);
    expect(await requireStepUp(t.db, outbox, { ...args, verificationCode: code })).toBe('ok');
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, verificationCode: code }))).toEqual(INVALID);
  });

  it('binds the code to its operation: another amount, account, purpose or user is refused', async () => {
    await putSettings(t.db, { TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: '{"PLN":50000}' });
    const args = transferOf(100_000); // 100.00 PLN
    expect(await requireStepUp(t.db, outbox, args)).toBe('required');
    const code = await lastCode();
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, amount: 10_000_000, verificationCode: code }))).toEqual(INVALID);
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, operation: { fromAccountId: 1, toAccountId: 3 }, verificationCode: code }))).toEqual(INVALID);
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, purpose: 'TOP_UP', verificationCode: code }))).toEqual(INVALID);
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, currency: 'EUR', amount: 100_000, verificationCode: code }))).toEqual(INVALID);
    const viewer = await t.db.selectFrom('users').select('id').where('login', '=', 'viewer').executeTakeFirstOrThrow();
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, userId: viewer.id, verificationCode: code }))).toEqual(INVALID);
    // Attempts for other operations spent none of this code's tries: it still authorizes its own operation.
    expect(await requireStepUp(t.db, outbox, { ...args, verificationCode: code })).toBe('ok');
  });

  it('refuses an expired code, and a code after too many wrong tries', async () => {
    const args = transferOf(20_000_000);
    expect(await requireStepUp(t.db, outbox, args)).toBe('required');
    const expired = await lastCode();
    await t.db.updateTable('verification_codes').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('user_id', '=', t.admin.id).where('purpose', '=', 'STEP_UP').execute();
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, verificationCode: expired }))).toEqual(INVALID);

    expect(await requireStepUp(t.db, outbox, args)).toBe('required');
    const code = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) expect(await refusal(requireStepUp(t.db, outbox, { ...args, verificationCode: wrong }))).toEqual(INVALID);
    expect(await refusal(requireStepUp(t.db, outbox, { ...args, verificationCode: code }))).toEqual(INVALID);
  });

  it('asks for a code when the currency has no threshold or the setting cannot be read', async () => {
    expect(await requireStepUp(t.db, outbox, transferOf(10, { currency: 'CHF' }))).toBe('required');
    await putSettings(t.db, { TRANSACTION_ADDITIONAL_AUTHORIZATION_THRESHOLD: 'not json' });
    expect(await requireStepUp(t.db, outbox, transferOf(10))).toBe('required');
  });

  it("cannot send a code to a user without a phone, and runs outside the operation's transaction", async () => {
    expect(await refusal(requireStepUp(t.db, outbox, transferOf(10_000_000, { phoneNumber: null })))).toEqual({
      code: 'AUTHORIZATION_PHONE_MISSING',
      message: 'An authorization code cannot be sent: your user has no phone number.',
    });
    await expect(t.db.transaction().execute((trx) => requireStepUp(trx, outbox, transferOf(10_000_000)))).rejects.toThrow(/outside the operation's transaction/);
  });
});
