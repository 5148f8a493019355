// Date-time text as the forms show and store it: "YYYY-MM-DD hh:mm:ss", 24-hour clock; a date typed or picked
// without a time gets 12:00:00. Calendar arithmetic runs on UTC dates so that no time zone shift moves a day.
import { isDateTimeString } from '../../../../shared/validation/rules.ts';

const DEFAULT_TIME = '12:00:00';
const SEPARATORS = ['', '', '', '', '-', '', '-', '', ' ', '', ':', '', ':', ''];

/** Keeps the digits (at most 14) and puts the separators between them: "20240501" -> "2024-05-01". */
export function maskDateTimeText(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 14);
  let out = '';
  for (let i = 0; i < digits.length; i += 1) out += SEPARATORS[i] + digits[i];
  return out;
}

/** Fills in what a person may leave out: the time (12:00:00), or the seconds or minutes of it. */
export function completeDateTime(text: string): string {
  const masked = maskDateTimeText(text);
  const digits = masked.replace(/\D/g, '').length;
  if (digits === 8) return `${masked} ${DEFAULT_TIME}`;
  if (digits === 10) return `${masked}:00:00`;
  if (digits === 12) return `${masked}:00`;
  return masked;
}

export function isCompleteDateTime(text: string): boolean {
  return isDateTimeString(text);
}

export interface DayCell {
  /** "YYYY-MM-DD" */
  date: string;
  day: number;
  inMonth: boolean;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isoDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function parseDay(day: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
}

export function addDays(day: string, days: number): string {
  const date = parseDay(day)!;
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

/** The same day of another month, clamped to that month's length (31 Jan + 1 month -> 29 Feb 2024). */
export function addMonths(day: string, months: number): string {
  const date = parseDay(day)!;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return isoDay(target);
}

/** Weeks of the month holding `day`, Monday first, padded with days of the neighbouring months. */
export function monthGrid(day: string): DayCell[][] {
  const date = parseDay(day)!;
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const offset = (first.getUTCDay() + 6) % 7; // Monday = 0
  const start = new Date(first);
  start.setUTCDate(1 - offset);
  const weeks: DayCell[][] = [];
  const cursor = new Date(start);
  do {
    const week: DayCell[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push({ date: isoDay(cursor), day: cursor.getUTCDate(), inMonth: cursor.getUTCMonth() === first.getUTCMonth() });
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
    weeks.push(week);
  } while (cursor.getUTCMonth() === first.getUTCMonth());
  return weeks;
}

/** Today in the browser's time zone, "YYYY-MM-DD". */
export function today(now = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A ui:options date limit: "YYYY-MM-DD" (a full date-time is cut to its day) or "today". */
export function resolveDayLimit(limit: unknown, now = new Date()): string | undefined {
  if (limit === 'today') return today(now);
  return typeof limit === 'string' && /^\d{4}-\d{2}-\d{2}/.test(limit) ? limit.slice(0, 10) : undefined;
}

export function withinLimits(day: string, min?: string, max?: string): boolean {
  return (!min || day >= min) && (!max || day <= max);
}

/** A picked day keeps the time already typed, or gets 12:00:00. */
export function withDay(current: string, day: string): string {
  const time = /^\d{4}-\d{2}-\d{2} (\d{2}:\d{2}:\d{2})$/.exec(current)?.[1];
  return `${day} ${time ?? DEFAULT_TIME}`;
}
