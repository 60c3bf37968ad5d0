// The key every per-address limit counts a client by: an IPv6 address by its
// /64 (one subscriber, one LAN: rotating inside it is free), an IPv4 address
// by itself, an IPv4-mapped IPv6 address as the IPv4 address it maps.
import { describe, expect, it } from 'vitest';
import { clientNetwork } from '@adapters/http/client-network';

describe('clientNetwork', () => {
  it('counts an IPv4 address by itself, however it is written', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('203.0.113.10')).not.toBe(clientNetwork('203.0.113.9'));
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 as another', () => {
    const key = clientNetwork('2001:db8:1:2::1');
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientNetwork(address), address).toBe(key);
    }
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(key);
    expect(clientNetwork('2001:db8:1:1:ffff:ffff:ffff:ffff')).not.toBe(key);
    expect(key).toBe('2001:db8:1:2::/64');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::FFFF:cb00:7109')).toBe('203.0.113.9');
  });

  it('keeps the loopback and link-local addresses apart from each other', () => {
    expect(clientNetwork('::1')).toBe('::/64');
    expect(clientNetwork('127.0.0.1')).toBe('127.0.0.1');
    expect(clientNetwork('fe80::1')).toBe('fe80::/64');
  });

  it('answers what is not an address unchanged (it still counts, by that text)', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
