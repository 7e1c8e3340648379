/**
 * The counter's bound per client (server/public/analytics/record.ts): a token bucket per key, the buckets kept least
 * recently used first, so a flood of new keys makes only the least recently used ones go; and a client counted by
 * its network (IPv4 address, IPv6 /64), whose address is never kept.
 */
import { describe, expect, it } from 'vitest';
import { clientKey, clientNetwork } from '../../server/public/analytics/record';
import { ClientBudget } from '../../server/shared/tokenBucket';

describe('ClientBudget', () => {
  it('keeps an existing client’s spent budget through a flood of new keys', () => {
    const budget = new ClientBudget(10, 100);
    const now = 1_000_000;
    expect(budget.take('regular', 10, now)).toBe(10);
    // Far more new keys than the cap, the regular client coming back in between (as a real one would).
    for (let i = 0; i < 1_000; i += 1) {
      budget.take(`rotating-${i}`, 1, now);
      if (i % 50 === 0) expect(budget.take('regular', 1, now)).toBe(0);
    }
    expect(budget.size).toBe(100);
    expect(budget.take('regular', 10, now)).toBe(0);
  });

  it('forgets the least recently used buckets first, a used one being put back at the end', () => {
    const budget = new ClientBudget(10, 3);
    const now = 1_000_000;
    budget.take('a', 10, now);
    budget.take('b', 10, now);
    budget.take('c', 10, now);
    budget.take('a', 1, now); // a is now the most recently used; b the least
    budget.take('d', 1, now); // b goes
    expect(budget.size).toBe(3);
    expect(budget.take('a', 10, now)).toBe(0);
    expect(budget.take('c', 10, now)).toBe(0);
    expect(budget.take('b', 10, now)).toBe(10); // forgotten: a full bucket again
  });

  it('refills continuously', () => {
    const budget = new ClientBudget(60, 10);
    expect(budget.take('k', 60, 0)).toBe(60);
    expect(budget.take('k', 60, 10_000)).toBe(10);
    expect(budget.take('k', 100, 10_000 + 120_000)).toBe(60);
  });
});

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

    const budget = new ClientBudget(10, 100);
    expect(budget.take(a, 10, 0)).toBe(10);
    expect(budget.take(b, 10, 0)).toBe(0);
  });
});
