import { describe, expect, it } from 'vitest';
import { deviceCookie, endOfDay, generateDeviceId, isDeviceId, readCookie } from '../../../src/shared/device.ts';

describe('device id', () => {
  it('is 32 alphanumeric characters and differs between calls', () => {
    const a = generateDeviceId();
    const b = generateDeviceId();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(isDeviceId(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('rejects biased bytes and keeps drawing until it has 32 characters', () => {
    let calls = 0;
    const source = {
      getRandomValues<T>(array: T): T {
        calls += 1;
        // First draw: only bytes >= 248 (rejected to avoid modulo bias); second: 61 -> '9'.
        (array as Uint8Array).fill(calls === 1 ? 250 : 61);
        return array;
      },
    };
    expect(generateDeviceId(source as unknown as Crypto)).toBe('9'.repeat(32));
    expect(calls).toBe(2);
  });

  it('cookie lasts until the end of the current day', () => {
    const now = new Date(2030, 4, 17, 9, 30);
    const end = endOfDay(now);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([2030, 4, 17, 23, 59, 59]);
    const cookie = deviceCookie('A'.repeat(32), now, false);
    expect(cookie).toContain(`osfDevice=${'A'.repeat(32)}`);
    expect(cookie).toContain(`expires=${end.toUTCString()}`);
    expect(cookie).toContain('path=/');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
    expect(deviceCookie('A'.repeat(32), now, true)).toContain('Secure');
  });

  it('reads a cookie value among others', () => {
    expect(readCookie('a=1; osfDevice=abc; b=2', 'osfDevice')).toBe('abc');
    expect(readCookie('a=1', 'osfDevice')).toBeUndefined();
  });
});
