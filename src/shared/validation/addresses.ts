// Which IP addresses a URL the server calls (a webhook endpoint, a safe link) may point at: public unicast only.
// The ranges are ipaddr.js's (the IANA special-purpose registries), not written here. An IPv6 address that carries an
// IPv4 address is judged by the IPv4 address it carries, so the 6to4 address 2002:7f00:1:: is as private as
// 127.0.0.1; a public IPv4 address behind NAT64 (what a DNS64 resolver answers) stays public.
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/** The IPv4 address in two 16-bit groups. */
const ipv4Of = (high: number, low: number): IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** NAT64's well-known prefix, the only NAT64 form whose IPv4 address sits in the last 32 bits (RFC 6052). */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291), which ipaddr.js leaves among unicast ones. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/**
 * The IPv4 addresses an IPv6 address carries, or null when it carries none. An empty list means a form that
 * carries one in a way not judged here (NAT64's local-use prefix, for private networks): never public.
 */
function carriedIpv4(address: IPv6): IPv4[] | null {
  const g = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d, IPv4-translated
      return [ipv4Of(g[6], g[7])];
    case 'rfc6052': // NAT64: 64:ff9b::a.b.c.d
      return address.match(NAT64_WELL_KNOWN) ? [ipv4Of(g[6], g[7])] : [];
    case '6to4': // 2002:aabb:ccdd::/48
      return [ipv4Of(g[1], g[2])];
    case 'teredo': // 2001:0:server:server:flags:port:client:client, the client's address with every bit inverted
      return [ipv4Of(g[2], g[3]), ipv4Of(~g[6] & 0xffff, ~g[7] & 0xffff)];
    case 'unicast':
      return address.match(IPV4_COMPATIBLE) ? [ipv4Of(g[6], g[7])] : null;
    default:
      return null;
  }
}

/**
 * Whether an IP address (dotted IPv4 or IPv6 text, as a resolver answers it or a URL carries it) is public:
 * unicast, outside every private, loopback, link-local, shared, documentation, multicast or reserved range,
 * and carrying no IPv4 address that is not. Anything that is not an address is not public.
 */
export function isPublicAddress(ip: string): boolean {
  // A zone (fe80::1%eth0) names a local interface; the address itself is judged.
  const text = ip.replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).range() === 'unicast';
  if (!ipaddr.IPv6.isValid(text)) return false;
  const address = ipaddr.IPv6.parse(text);
  const carried = carriedIpv4(address);
  if (carried) return carried.length > 0 && carried.every((v4) => v4.range() === 'unicast');
  return address.range() === 'unicast';
}
