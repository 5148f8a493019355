// Reminder SMS: a payout to collect gets one reminder when its end date is near, as its program's reminder settings
// say (PAYOUT_PROGRAM_SMS_REMINDER_*: the program's reminder_enabled, reminder_days, reminder_hour,
// reminder_message) or, where the program has none, its customer's (PAYOUT_SMS_REMINDER_ENABLED, _DAYS, _HOUR,
// _MESSAGE): from `days` days before the end, at or after `hour` o'clock in the customer's TIME_ZONE. The claim is a
// conditional update of reminded_at, so with several instances each payout is reminded once. A customer whose
// PAYOUT_PROGRAM_ABILITY_TO_SEND_REMINDER is off sends none, as its reminder action does.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { CUSTOMER_SETTING_DEFAULTS } from '../platform/settings.ts';
import { queuePayoutSms, remindersAllowed } from '../areas/payouts/messages.ts';
import { toWallTime } from '../../shared/zonedTime.ts';

const DAY = 86_400_000;

interface Candidate {
  id: number;
  customer_id: number;
  end_date: Date;
  reminded_at: Date | null;
  program_enabled: boolean;
  program_days: number | null;
  program_hour: number | null;
  program_message: string | null;
  customer_enabled: string | null;
  customer_days: string | null;
  customer_hour: string | null;
  customer_message: string | null;
  time_zone: string | null;
}

const setting = (key: string) => sql<string | null>`(SELECT s.value FROM settings s WHERE s.customer_id = p.customer_id AND s.key = ${key})`;

/** Sends the reminders due at `now`; answers how many were queued. */
export async function sendReminders(db: Db, publicUrl: string, now = new Date()): Promise<number> {
  // Payouts to collect that end within the longest possible window (a program or customer may ask up to 30 days).
  const { rows } = await sql<Candidate>`
    SELECT p.id, p.customer_id, p.end_date, p.reminded_at,
           g.reminder_enabled AS program_enabled, g.reminder_days AS program_days, g.reminder_hour AS program_hour, g.reminder_message AS program_message,
           ${setting('PAYOUT_SMS_REMINDER_ENABLED')} AS customer_enabled, ${setting('PAYOUT_SMS_REMINDER_DAYS')} AS customer_days,
           ${setting('PAYOUT_SMS_REMINDER_HOUR')} AS customer_hour, ${setting('PAYOUT_SMS_REMINDER_MESSAGE')} AS customer_message,
           ${setting('TIME_ZONE')} AS time_zone
    FROM payouts p JOIN programs g ON g.id = p.program_id
    WHERE p.status = 'TO_COLLECT' AND p.end_date > ${now} AND p.end_date <= ${new Date(now.getTime() + 31 * DAY)}
    ORDER BY p.id`.execute(db);
  let sent = 0;
  const allowed = new Map<number, boolean>();
  for (const c of rows) {
    if (!allowed.has(c.customer_id)) allowed.set(c.customer_id, await remindersAllowed(db, c.customer_id));
    if (!allowed.get(c.customer_id)) continue;
    const own = c.program_enabled;
    const enabled = own || (c.customer_enabled ?? CUSTOMER_SETTING_DEFAULTS.PAYOUT_SMS_REMINDER_ENABLED) === 'true';
    if (!enabled) continue;
    const days = Number(own ? c.program_days : (c.customer_days ?? CUSTOMER_SETTING_DEFAULTS.PAYOUT_SMS_REMINDER_DAYS));
    const hour = Number(own ? c.program_hour : (c.customer_hour ?? CUSTOMER_SETTING_DEFAULTS.PAYOUT_SMS_REMINDER_HOUR));
    // No text of the customer's own: the default of its messages' language (queuePayoutSms).
    const message = own ? c.program_message : c.customer_message;
    if (!Number.isFinite(days) || !Number.isFinite(hour) || (own && !message)) continue;
    const windowStart = new Date(c.end_date.getTime() - days * DAY);
    if (now < windowStart) continue;
    let zone = c.time_zone ?? CUSTOMER_SETTING_DEFAULTS.TIME_ZONE;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
    } catch {
      zone = CUSTOMER_SETTING_DEFAULTS.TIME_ZONE;
    }
    if (Number(toWallTime(now, zone).slice(11, 13)) < hour) continue;
    // Reminded once in the window (a reminder sent by hand before it does not count).
    if (c.reminded_at && c.reminded_at >= windowStart) continue;
    const claimed = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('payouts')
        .set({ reminded_at: now })
        .where('id', '=', c.id)
        .where('status', '=', 'TO_COLLECT')
        .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<', windowStart)]))
        .returning('id')
        .executeTakeFirst();
      if (row) await queuePayoutSms(trx, publicUrl, c.id, 'PAYOUT_SMS_REMINDER_MESSAGE', message);
      return Boolean(row);
    });
    if (claimed) sent += 1;
  }
  return sent;
}
