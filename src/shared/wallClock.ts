// Wall-clock times of a time zone ("YYYY-MM-DD hh:mm:ss", the spec's date format) read with Intl, instant by
// instant, and the instants they name: what the panel needs to show a page of dates in the customer's zone, kept
// small for its first load. The server, which writes reports of a million dates, reads them through zonedTime.ts,
// which adds a cache of each hour's offset over the same reading.

const formats = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DD hh:mm:ss" of the instant in the zone: Swedish writes dates and times in the spec's format. */
export function readWallTime(instant: Date, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, f);
  }
  return f.format(instant);
}

/** How far the zone's wall clock is ahead of UTC at an instant, ms. */
export function offsetAt(ms: number, timeZone: string): number {
  return Date.parse(`${readWallTime(new Date(ms), timeZone).replace(' ', 'T')}Z`) - Math.floor(ms / 1000) * 1000;
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
  return new Date(candidates.find((c) => readWallTime(new Date(c), timeZone) === shown) ?? candidates[candidates.length - 1]);
}
