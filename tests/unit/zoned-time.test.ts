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
});
