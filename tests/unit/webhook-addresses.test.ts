// Which addresses a webhook may reach: the classifier with literal addresses, the URL rule the endpoint form and
// the server share, and the connection's lookup, which refuses a name resolving to any address that is not public.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { publicLookup, type Resolve } from '../../src/server/platform/webhooks/transport.ts';
import { isPublicAddress } from '../../src/shared/validation/addresses.ts';
import { isWebhookUrl } from '../../src/shared/validation/urls.ts';

/** IPv6 forms that carry a private IPv4 address, each with the address it carries. */
const CARRYING_PRIVATE: [string, string][] = [
  ['2002:7f00:1::', '6to4 of 127.0.0.1'],
  ['2002:a00:1::1', '6to4 of 10.0.0.1'],
  ['2002:c0a8:101:1::1', '6to4 of 192.168.1.1'],
  ['2002:a9fe:a9fe::', '6to4 of 169.254.169.254'],
  ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
  ['64:ff9b::10.1.2.3', 'NAT64 of 10.1.2.3'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
  ['64:ff9b:1::a00:1', "NAT64's local-use prefix"],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo, client 127.0.0.1 (bits inverted)'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo, client 10.0.0.1 (bits inverted)'],
  ['2001:0:a00:1:8000:63bf:f7f7:fbfb', 'Teredo, server 10.0.0.1'],
  ['::7f00:1', 'IPv4-compatible 127.0.0.1'],
  ['::127.0.0.1', 'IPv4-compatible 127.0.0.1, dotted'],
  ['::c0a8:101', 'IPv4-compatible 192.168.1.1'],
  ['::ffff:7f00:1', 'IPv4-mapped 127.0.0.1'],
  ['::ffff:10.0.0.1', 'IPv4-mapped 10.0.0.1'],
  ['::ffff:0:7f00:1', 'IPv4-translated 127.0.0.1'],
];

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2001:4860:4860::8888', '2a00:1450:4001:81c::200e'])('accepts the public address %s', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );

  it.each([
    ['2002:808:808::', '6to4 of 8.8.8.8'],
    ['64:ff9b::808:808', 'NAT64 of 8.8.8.8, as a DNS64 resolver answers'],
    ['::ffff:8.8.8.8', 'IPv4-mapped 8.8.8.8'],
    ['2001:0:4136:e378:8000:63bf:f7f7:fbfb', 'Teredo, server 65.54.227.120, client 8.8.4.4'],
  ])('accepts %s (%s): the IPv4 address it carries is public', (ip) => expect(isPublicAddress(ip)).toBe(true));

  it.each(CARRYING_PRIVATE)('refuses %s (%s)', (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1',
    '192.0.2.1', '198.51.100.7', '203.0.113.9', '240.0.0.1',
    '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fd00::1', 'fc00::1', 'fec0::1', 'ff02::1', '2001:db8::1', '100::1',
  ])('refuses the private, local or reserved address %s', (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(['not an address', '', '127.1', '0x7f.0.0.1', '1.2.3.4.5', '2002:7f00:1::/16', '[::1]'])('refuses %j, which is not an address', (ip) =>
    expect(isPublicAddress(ip)).toBe(false),
  );
});

describe('a webhook URL', () => {
  it.each(CARRYING_PRIVATE)('is refused with the host [%s] (%s)', (ip) => expect(isWebhookUrl(`https://[${ip}]/hook`)).toBe(false));
  it('is accepted with a public IPv6 host', () => expect(isWebhookUrl('https://[2001:4860:4860::8888]/hook')).toBe(true));
});

describe('the lookup of a webhook connection', () => {
  /** A resolver that answers every name with the given addresses. */
  const answering = (...addresses: string[]): Resolve => (_hostname, _options, callback) =>
    callback(null, addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })));
  const lookUp = (resolve: Resolve) =>
    new Promise<{ error: Error | null; address: unknown }>((done) =>
      publicLookup(resolve)('hooks.example.com', {}, (error, address) => done({ error, address })),
    );

  it.each(CARRYING_PRIVATE)('refuses a name that resolves to %s (%s)', async (ip) => {
    const { error } = await lookUp(answering('93.184.216.34', ip));
    expect(error?.message).toBe(`hooks.example.com resolves to the private address ${ip}`);
  });

  it('connects to a name that resolves to public addresses only', async () => {
    expect(await lookUp(answering('2002:808:808::', '93.184.216.34'))).toEqual({ error: null, address: '2002:808:808::' });
  });
});
