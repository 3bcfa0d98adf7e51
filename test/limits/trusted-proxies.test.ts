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
  });

  it('refuses entries that are not addresses or ranges', () => {
    expect(() => new TrustedProxies(['10.0.0.0/33'])).toThrow(/trustProxy\.0/);
    expect(() => new TrustedProxies(['127.0.0.1', 'localhost'])).toThrow(/trustProxy\.1/);
  });
});
