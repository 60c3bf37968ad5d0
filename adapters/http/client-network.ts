// The key every per-address limit counts a client by (the login guard, sign-ups,
// visitor tokens, password reset requests): its network, not its address. An
// IPv6 subscriber or LAN gets a whole /64 and can pick a new address in it for
// every request, so a /64 is one client; an IPv4 address is one client, and an
// IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket reports)
// is that IPv4 address. ipaddr.js parses (the library proxy-addr, and so
// Express, trusts for this) rather than a hand-written IPv6 parser.
import ipaddr from 'ipaddr.js';
import type { Context } from 'koa';

/** The bits of an IPv6 address that name its network: a /64 is one subscriber's (RFC 6177) or one LAN's. */
const IPV6_NETWORK_BITS = 64;

/**
 * "203.0.113.9" for an IPv4 address (however written, mapped included),
 * "2001:db8:1:2::/64" for any address of that IPv6 /64. Text that is no
 * address (a proxy that wrote something odd) is its own key, unchanged.
 */
export function clientNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  // process() answers an IPv4-mapped IPv6 address as its IPv4 address.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const kept = IPV6_NETWORK_BITS / 16;
  const { parts } = parsed as ipaddr.IPv6;
  const network = new ipaddr.IPv6([...parts.slice(0, kept), ...parts.slice(kept).map(() => 0)]);
  return `${network.toRFC5952String()}/${IPV6_NETWORK_BITS}`;
}

/** The request's client as the limits count it: its network (ctx.ip is the address TRUST_PROXY believes). */
export function countedClient(ctx: Context): string {
  return clientNetwork(ctx.ip);
}
