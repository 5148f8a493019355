// Spreadsheet imports (payouts and recipients from an xlsx file): the contract of the calls and the one place that
// reads a cell the way a person means it, for the server's authoritative check and the browser's preview alike.
// Files come from Excel, LibreOffice and Google Sheets: phone numbers stored as numbers (48601234567, or shown in
// scientific notation), amounts as numbers or as text with a decimal comma, dates as date cells (serial numbers)
// or as text, headers in either language with any case and spacing.
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from './images.ts';
import { toThousandths } from './money.ts';
import { fromWallTime } from './zonedTime.ts';

/** The largest file accepted: the spec's one upload limit (2 MB), as for images. */
export const IMPORT_MAX_BYTES = MAX_UPLOAD_BYTES;
export const IMPORT_MAX_LABEL = MAX_UPLOAD_LABEL;
/** The most data rows one file may hold. */
export const IMPORT_MAX_ROWS = 100_000;

/** What a cell holds once read from the file: plain values only. */
export type RawCell = string | number | boolean | null;

/** One problem of a file (the spec's file error item): the spreadsheet's row number (header = 1), the column. */
export interface FileError {
  row: number;
  /** The column's header as written in the file; absent for a problem of the whole row. */
  property?: string;
  errors: { code: string; message: string }[];
}

/** How a column's cells are read. */
export type ColumnKind = 'text' | 'phone' | 'amount' | 'date' | 'endDate' | 'currency';

/** A column of an import (schemas/imports/<kind>.json): the form field it fills, how it is read, its title key. */
export interface ImportColumn {
  field: string;
  kind?: ColumnKind;
  /** The header's text key; the form schema property's title when absent. */
  title?: string;
  /** The template's example value. */
  example?: string | number;
  /** The value may appear only once in the file (a recipient's phone number). */
  unique?: boolean;
}

export interface ImportDescriptor {
  /** The form schema each row is checked against (schemas/forms/...). */
  form: string;
  columns: ImportColumn[];
  /** Texts (i18n keys) of the template's second sheet, one a row: what a person filling it in must know. */
  templateNotes?: string[];
}

export { headerKey } from './workbookRows.mjs';

/** Text of a cell: numbers as written without exponent (a phone number stored as a number). */
export function cellText(value: RawCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  return String(value).trim();
}

/**
 * A phone number as typed into the form: a number cell becomes its digits, with the plus sign a spreadsheet dropped
 * when the digits begin with a country code (11 or more digits); text is kept as written.
 */
export function readPhoneCell(value: RawCell): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value <= 0) return String(value);
    const digits = BigInt(value).toString();
    return digits.length >= 11 ? `+${digits}` : digits;
  }
  return cellText(value);
}

/**
 * An amount in thousandths: a number cell, or text with a dot or a comma and optional spaces between thousands.
 * Up to three decimals are read as written, so that a fraction of a cent (12.345) reaches the form's check and is
 * refused there with the money message (wholeCents), not taken for some other number.
 */
export function readAmountCell(value: RawCell): number | null {
  if (typeof value === 'number') {
    // A spreadsheet's float (12.3 is stored as 12.300000000000001 by some): to thousandths first.
    if (!Number.isFinite(value)) return null;
    const scaled = value * 1000;
    const thousandths = Math.round(scaled);
    // The float's own error grows with its size: a tolerance of a millionth, or of a trillionth of the value.
    if (Math.abs(scaled - thousandths) > Math.max(1e-6, Math.abs(scaled) * 1e-12)) return null;
    return toThousandths((thousandths / 1000).toFixed(3), { maxDecimals: 3 });
  }
  const text = cellText(value).replace(/[\s\u00a0]/g, '');
  return text ? toThousandths(text, { maxDecimals: 3 }) : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A date cell's serial number (days since 1899-12-30, the day's fraction as the time) as wall-clock text. */
export function serialToWallTime(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return null;
  const ms = Math.round((serial - 25569) * 86_400_000 / 1000) * 1000;
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** Wall-clock text of the forms people write: 2026-12-31 12:00[:00], 2026-12-31, 31.12.2026[ 12:00[:00]], 31/12/2026. */
export function textToWallTime(text: string): { wall: string; dateOnly: boolean } | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  let parts: [string, string, string, string | undefined, string | undefined, string | undefined] | null = m ? [m[1], m[2], m[3], m[4], m[5], m[6]] : null;
  if (!parts) {
    m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
    if (m) parts = [m[3], m[2], m[1], m[4], m[5], m[6]];
  }
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.map((p) => (p === undefined ? undefined : Number(p))) as (number | undefined)[];
  const check = new Date(Date.UTC(year!, month! - 1, day!, hour ?? 0, minute ?? 0, second ?? 0));
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || (hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return null;
  return { wall: `${year}-${two(month!)}-${two(day!)} ${two(hour ?? 0)}:${two(minute ?? 0)}:${two(second ?? 0)}`, dateOnly: hour === undefined };
}

/**
 * A date or date and time as the forms write it (`YYYY-MM-DD hh:mm:ss`, a wall-clock time of the customer's zone).
 * A date without a time means the start of that day, or, for an end date, its last second.
 */
export function readWallTimeCell(value: RawCell, endOfDay = false): string | null {
  let wall: string | null = null;
  let dateOnly = false;
  if (typeof value === 'number') {
    wall = serialToWallTime(value);
    dateOnly = Number.isInteger(value);
  } else if (typeof value === 'string') {
    const read = textToWallTime(value);
    if (read) ({ wall, dateOnly } = read);
  }
  if (!wall) return null;
  return dateOnly && endOfDay ? `${wall.slice(0, 10)} 23:59:59` : wall;
}

/**
 * A date or date and time in the customer's time zone. A date without a time means the start of that day, or, for
 * an end date, its last second (a payout "until 31.12.2026" can be collected on that day).
 */
export function readDateCell(value: RawCell, timeZone: string, endOfDay = false): Date | null {
  const wall = readWallTimeCell(value, endOfDay);
  if (!wall) return null;
  const instant = fromWallTime(wall, timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The steps of an import the server reports while it works on a file. */
export type ImportPhase = 'reading' | 'checking' | 'creating';

/**
 * How far the server is with a file: GET <the import's submit path>/progress/:progressId, the id being the form
 * field `progressId` the browser chose for the request (PROGRESS_ID_PATTERN: at least 22 random characters of
 * A-Z, a-z, 0-9, - and _, so knowing it is what lets one read it); 404 before the server starts on the file and once
 * it has answered. `done` of `total` within the phase (rows read, rows checked, rows created).
 */
export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

export const PROGRESS_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** The answer of an import request: a dry run's preview, or what was created with the import's id. */
export interface ImportAnswer {
  /** The rows of the file. */
  rows: number;
  created: number;
  dryRun: boolean;
  /** The import's id once created: the lists filter by it (options.importId). */
  importId?: number;
  /** Payouts only: the totals per currency and the programs named. */
  totals?: { currency: string; amount: number; payouts: number }[];
  programs?: string[];
}
