// Wall-clock times of a time zone and their instants, across both clock changes of Warsaw and in another zone.
import { describe, expect, it } from 'vitest';
import { fromWallTime, toWallTime } from '../../src/shared/zonedTime.ts';

describe('wall-clock times', () => {
  it('name the instant of the zone, in winter and in summer', () => {
    expect(fromWallTime('2026-01-15 12:00:00', 'Europe/Warsaw').toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(fromWallTime('2026-07-15 12:00:00', 'Europe/Warsaw').toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(fromWallTime('2026-07-15 12:00:00', 'America/New_York').toISOString()).toBe('2026-07-15T16:00:00.000Z');
    expect(fromWallTime('2026-07-15 12:00:00', 'UTC').toISOString()).toBe('2026-07-15T12:00:00.000Z');
  });

  it('read back as they were written', () => {
    for (const text of ['2026-03-29 01:59:59', '2026-03-29 03:00:00', '2026-10-25 01:30:00', '2026-12-31 23:59:59']) {
      expect(toWallTime(fromWallTime(text, 'Europe/Warsaw'), 'Europe/Warsaw')).toBe(text);
    }
  });

  it('take the first of a time that happens twice, and refuse what is no time', () => {
    // 02:30 on 25 October 2026 happens twice in Warsaw: first in summer time (UTC+2).
    expect(fromWallTime('2026-10-25 02:30:00', 'Europe/Warsaw').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(Number.isNaN(fromWallTime('tomorrow', 'Europe/Warsaw').getTime())).toBe(true);
  });

  it('read the clock as Intl does, every second around clock changes, in zones with odd offsets too', () => {
    const zones = ['Europe/Warsaw', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/St_Johns', 'UTC'];
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('sv-SE', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
      // Every 997 s over two years (both clock changes of each year), and each second of the hours around them.
      const instants: number[] = [];
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 997_000) instants.push(ms + 123);
      for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 3, 4, 15)]) {
        for (let ms = change - 3_600_000; ms < change + 3_600_000; ms += 1000) instants.push(ms);
      }
      for (const ms of instants) {
        const at = new Date(ms);
        if (toWallTime(at, timeZone) !== intl.format(at)) expect(`${timeZone} ${at.toISOString()}: ${toWallTime(at, timeZone)}`).toBe(intl.format(at));
      }
    }
  });
});
