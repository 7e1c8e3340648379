/**
 * The counter's client (server/public/analytics/record.ts): counted by its network (IPv4 address, IPv6 /64), whose
 * address is never kept. Its bucket, shared by the instances, is tested in tests/api/shared-budget.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { clientKey, clientNetwork } from '../../server/public/analytics/record';

describe('clientNetwork and clientKey', () => {
  it('counts IPv6 clients by their /64 and IPv4 clients by the whole address', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('gives two addresses of one /64 one bucket, of another /64 or IPv4 address another, never the address', () => {
    const a = clientKey('salt', 1, '2001:db8:1:2::10');
    const b = clientKey('salt', 1, '2001:db8:1:2:dead:beef:0:1');
    expect(a).toBe(b);
    expect(clientKey('salt', 1, '2001:db8:1:3::10')).not.toBe(a);
    expect(clientKey('salt', 2, '2001:db8:1:2::10')).not.toBe(a);
    expect(clientKey('salt', 1, '203.0.113.7')).not.toBe(clientKey('salt', 1, '203.0.113.8'));
    expect(a).not.toContain('2001');
  });
});
