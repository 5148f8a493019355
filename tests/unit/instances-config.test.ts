// The variables of several instances behind a proxy (docs/deployment.md): a read replica only beside a primary,
// the stop's deadline, and the trusted proxies.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

describe('the configuration of several instances', () => {
  it('reads no replica, a 25 s stop and no trusted proxy unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ databaseReadUrl: undefined, shutdownTimeoutMs: 25_000, trustProxy: null });
  });

  it('reads a replica beside its primary, the deadline and the proxies', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db-primary/payouts',
      DATABASE_READ_URL: 'postgres://app@db-replica/payouts',
      SHUTDOWN_TIMEOUT_MS: '10000',
      TRUST_PROXY: '10.0.0.0/8, loopback',
    });
    expect(config).toMatchObject({ databaseReadUrl: 'postgres://app@db-replica/payouts', shutdownTimeoutMs: 10_000, trustProxy: '10.0.0.0/8, loopback' });
  });

  it('refuses a replica without a primary, one that is not PostgreSQL, and a deadline under a second', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://app@db-replica/payouts' })).toThrow('DATABASE_READ_URL needs DATABASE_URL (a replica of that database)');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app@db/payouts', DATABASE_READ_URL: 'mysql://db/payouts' })).toThrow('DATABASE_READ_URL must start with postgres:// or postgresql://');
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '500' })).toThrow('SHUTDOWN_TIMEOUT_MS must be an integer >= 1000, got "500"');
  });
});
