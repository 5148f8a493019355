// The "date" and "date-time" formats of ajv-formats 3.0.1 (full mode), written out for the browser: importing them
// from ajv-formats brings its whole table of formats (URI, IPv6, e-mail, ... about 2 KiB gzip) into every form's
// validators, where only these two are used; the server's ajv uses ajv-formats' own (ajv.ts). RFC 3339 full-date and
// date-time (time zone required); the comparisons are ajv-formats' too. tests/unit/iso-dates.test.ts holds them to
// ajv-formats' answers.

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isIsoDate(s: string): boolean {
  const matches = DATE.exec(s);
  if (!matches) return false;
  const year = +matches[1];
  const month = +matches[2];
  const day = +matches[3];
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]);
}

export function compareIsoDate(a: string, b: string): number | undefined {
  if (!(a && b)) return undefined;
  return a > b ? 1 : a < b ? -1 : 0;
}

const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

/** A time with its zone (the zone required, as ajv-formats' date-time wants it). */
function isZonedTime(s: string): boolean {
  const matches = TIME.exec(s);
  if (!matches) return false;
  const hr = +matches[1];
  const min = +matches[2];
  const sec = +matches[3];
  const tz = matches[4];
  const tzSign = matches[5] === '-' ? -1 : 1;
  const tzH = +(matches[6] || 0);
  const tzM = +(matches[7] || 0);
  if (tzH > 23 || tzM > 59 || !tz) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  // a leap second
  const utcMin = min - tzM * tzSign;
  const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}

const DATE_TIME_SEPARATOR = /t|\s/i;

export function isIsoDateTime(s: string): boolean {
  const parts = s.split(DATE_TIME_SEPARATOR);
  return parts.length === 2 && isIsoDate(parts[0]) && isZonedTime(parts[1]);
}

export function compareIsoDateTime(a: string, b: string): number | undefined {
  if (!(a && b)) return undefined;
  const first = new Date(a).valueOf();
  const second = new Date(b).valueOf();
  if (!(first && second)) return undefined;
  return first - second;
}
