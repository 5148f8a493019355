// The panel's time zone: the customer's TIME_ZONE from /api/me, else the zone the server uses for a user of no
// customer (the same name on both sides).
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/shared/defaultTimeZone.ts';
import { DEFAULT_TIME_ZONE as SERVER_DEFAULT } from '../../src/server/platform/settings.ts';
import { timeZoneOf } from '../../src/client/core/timeZone.ts';

const customer = (timeZone: string) => ({ id: 1, name: 'Demo', url: 'demo', logoUrl: null, primaryColor: null, timeZone, features: [] });

describe("the panel's time zone", () => {
  it("is the customer's TIME_ZONE", () => {
    expect(timeZoneOf({ customer: customer('America/New_York') })).toBe('America/New_York');
  });

  it("is Europe/Warsaw for a user of no customer, as on the server", () => {
    expect(timeZoneOf({ customer: null })).toBe('Europe/Warsaw');
    expect(timeZoneOf(undefined)).toBe('Europe/Warsaw');
    expect(DEFAULT_TIME_ZONE).toBe(SERVER_DEFAULT);
  });
});
