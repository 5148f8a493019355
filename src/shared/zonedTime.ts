// Wall-clock times of a time zone ("YYYY-MM-DD hh:mm:ss", the spec's date format) and the instants they name.
// Forms show and take dates in the customer's TIME_ZONE; the database keeps instants.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
}

function parts(instant: Date, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** How far the zone's wall clock is ahead of UTC at an instant, ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = parts(new Date(ms), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

const HOUR = 3_600_000;
const HOURS_KEPT = 50_000;
/** Per zone, the offset of each UTC hour asked about; null for an hour with a clock change inside it. */
const hourOffsets = new Map<string, Map<number, number | null>>();

/**
 * The zone's offset throughout the hour of the instant, when it is one offset: the same at the hour's first and last
 * second. Reading the clock from Intl for every instant takes about 9 µs; a report of a million rows has two dates
 * per row.
 */
function steadyOffset(ms: number, timeZone: string): number | null {
  let hours = hourOffsets.get(timeZone);
  if (!hours) hourOffsets.set(timeZone, (hours = new Map()));
  const hour = Math.floor(ms / HOUR);
  let offset = hours.get(hour);
  if (offset === undefined) {
    const first = offsetAt(hour * HOUR, timeZone);
    offset = first === offsetAt(hour * HOUR + HOUR - 1000, timeZone) ? first : null;
    if (hours.size >= HOURS_KEPT) hours.clear();
    hours.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "YYYY-MM-DD hh:mm:ss" of the instant in the zone. */
export function toWallTime(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const offset = Number.isFinite(ms) ? steadyOffset(ms, timeZone) : null;
  if (offset === null) {
    const p = parts(instant, timeZone);
    return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
  }
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}

/**
 * The instant a wall-clock time of the zone names. A time skipped by a clock change is read with the offset before
 * it; a time that happens twice, as its first occurrence.
 */
export function fromWallTime(text: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return new Date(NaN);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  // The offsets in force a day around it: one of them (two, around a clock change) reads back as the text.
  const offsets = new Set([offsetAt(wall - 86_400_000, timeZone), offsetAt(wall, timeZone), offsetAt(wall + 86_400_000, timeZone)]);
  const shown = text.replace('T', ' ');
  const candidates = [...offsets].map((o) => wall - o).sort((a, b) => a - b);
  // The earliest that reads the text; a skipped time (none does) with the offset before the change.
  return new Date(candidates.find((c) => toWallTime(new Date(c), timeZone) === shown) ?? candidates[candidates.length - 1]);
}
