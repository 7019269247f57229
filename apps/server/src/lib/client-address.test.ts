import { describe, expect, it } from 'vitest';
import { limitAddress } from './client-address.js';

describe('limitAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(limitAddress('192.0.2.10')).toBe('192.0.2.10');
    expect(limitAddress('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every address of one IPv6 /64 as one client, whatever its spelling', () => {
    const network = '2001:db8:85a3:42::/64';
    for (const ip of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:42:1234:5678:9abc:def0',
      '2001:db8:85a3:42::1%eth0',
    ]) {
      expect(limitAddress(ip)).toBe(network);
    }
    expect(limitAddress('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(limitAddress('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(limitAddress('::ffff:c000:20a')).toBe('192.0.2.10');
  });

  it('leaves anything else alone', () => {
    expect(limitAddress('not an address')).toBe('not an address');
  });
});
