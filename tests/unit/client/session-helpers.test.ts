import { describe, expect, it } from 'vitest';
import { formatCountdown, hasExpired, remainingMs } from '../../../src/client/core/countdown.ts';
import { localeOf, pickInitialLanguage } from '../../../src/client/core/language.ts';
import { isServiceOpen } from '../../../src/client/core/technicalBreak.ts';

describe('session countdown', () => {
  it('formats remaining time as mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59_999)).toBe('00:59');
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(125 * 60_000 + 5_000)).toBe('125:05');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });

  it('counts down to the expiry time and then reports it passed', () => {
    const now = Date.parse('2030-01-01T10:00:00Z');
    expect(remainingMs('2030-01-01T10:01:30Z', now)).toBe(90_000);
    expect(hasExpired('2030-01-01T10:00:01Z', now)).toBe(false);
    expect(hasExpired('2030-01-01T10:00:00Z', now)).toBe(true);
    expect(hasExpired(undefined, now)).toBe(false);
  });
});

describe('language choice', () => {
  it('prefers the stored language, then a supported browser language, then English', () => {
    expect(pickInitialLanguage('pl', 'en-GB')).toBe('pl');
    expect(pickInitialLanguage(null, 'pl-PL')).toBe('pl');
    expect(pickInitialLanguage(null, 'de-DE')).toBe('en');
    expect(pickInitialLanguage('xx', undefined)).toBe('en');
  });

  it('maps languages to formatting locales', () => {
    expect(localeOf('pl')).toBe('pl-PL');
    expect(localeOf('en')).toBe('en-GB');
  });
});

describe('technical break', () => {
  it('opens the app only on success without a break', () => {
    expect(isServiceOpen({ success: true, isTechnicalBreak: false })).toBe(true);
    expect(isServiceOpen({ success: true })).toBe(true);
    expect(isServiceOpen({ success: true, isTechnicalBreak: true })).toBe(false);
    expect(isServiceOpen({ isTechnicalBreak: false })).toBe(false);
    expect(isServiceOpen('<html>')).toBe(false);
    expect(isServiceOpen(undefined)).toBe(false);
  });
});
