import { describe, expect, it } from 'vitest';
import { normalizeIp } from '../../src/net/ip-address.js';
import { TrustedProxies } from '../../src/limits/trusted-proxies.js';

describe('normalizeIp', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['0000:0000:0000:0000:0000:ffff:7f00:0001', '127.0.0.1'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['0000:0000:0000:0000:0000:0000:0000:0001', '::1'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0042', '2001:db8::42'],
    ['::FFFF:0A01:0203', '10.1.2.3'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
    ['2001:db8::192.0.2.1', '2001:db8::c000:201'],
    ['not an address', 'not an address'],
  ])('%s → %s', (input, expected) => expect(normalizeIp(input)).toBe(expected));
});

describe('TrustedProxies.clientIp', () => {
  const proxies = new TrustedProxies(['10.0.0.0/8', '::1']);

  it('believes nobody by default', () => {
    expect(new TrustedProxies([]).clientIp('10.0.0.5', '203.0.113.7')).toBe('10.0.0.5');
  });

  it('ignores the header when the peer is not a trusted proxy', () => {
    expect(proxies.clientIp('198.51.100.1', '203.0.113.7')).toBe('198.51.100.1');
  });

  it('takes the first untrusted address from the right', () => {
    expect(proxies.clientIp('10.0.0.5', '1.1.1.1, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    expect(proxies.clientIp('::1', '203.0.113.8')).toBe('203.0.113.8');
  });

  it('falls back to the peer on a garbled header', () => {
    expect(proxies.clientIp('10.0.0.5', '203.0.113.7, <script>')).toBe('10.0.0.5');
    // loose IPv4 spellings some parsers accept are not addresses here
    expect(proxies.clientIp('10.0.0.5', '127.1')).toBe('10.0.0.5');
    expect(proxies.clientIp('10.0.0.5', '0x7f.0.0.1')).toBe('10.0.0.5');
  });

  it('reads any spelling of a hop: IPv4-mapped, full-form IPv6, a trusted IPv6 range', () => {
    expect(proxies.clientIp('10.0.0.5', '::ffff:203.0.113.7, ::ffff:10.0.0.9')).toBe('203.0.113.7');
    expect(proxies.clientIp('10.0.0.5', '2001:0DB8:0000:0000:0000:0000:0000:0042')).toBe('2001:db8::42');
    const v6 = new TrustedProxies(['2001:db8:ffff::/48']);
    expect(v6.clientIp('2001:db8:ffff::1', '2001:db8:1::7, 2001:db8:ffff::2')).toBe('2001:db8:1::7');
    // every hop trusted: the leftmost one
    expect(v6.clientIp('2001:db8:ffff::1', '2001:db8:ffff::3, 2001:db8:ffff::2')).toBe('2001:db8:ffff::3');
  });

  it('refuses entries that are not addresses or ranges', () => {
    expect(() => new TrustedProxies(['10.0.0.0/33'])).toThrow(/trustProxy\.0/);
    expect(() => new TrustedProxies(['127.0.0.1', 'localhost'])).toThrow(/trustProxy\.1/);
    expect(() => new TrustedProxies(['::1/129'])).toThrow(/trustProxy\.0.*prefix/);
    expect(() => new TrustedProxies(['10.0.0.0/-1'])).toThrow(/trustProxy\.0/);
    expect(() => new TrustedProxies(['10.1/8'])).toThrow(/trustProxy\.0/);
  });
});
