// Wall-clock times of a time zone ("YYYY-MM-DD hh:mm:ss", the spec's date format) and the instants they name.
// Forms show and take dates in the customer's TIME_ZONE; the database keeps instants. The reading itself is
// wallClock.ts's (the panel uses it alone); this adds a cache of each hour's offset for the server's long reports.

import { fromWallTime, offsetAt, readWallTime } from './wallClock.ts';

export { fromWallTime };

const HOUR = 3_600_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
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

/** "YYYY-MM-DD hh:mm:ss" of the instant in the zone. */
export function toWallTime(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const offset = Number.isFinite(ms) ? steadyOffset(ms, timeZone) : null;
  if (offset === null) return readWallTime(instant, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}
