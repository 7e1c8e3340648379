/** Configuration: the address in mailed links (PUBLIC_URL), and custom-domain verification (DNS_*, CNAME_TARGET). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('DNS configuration', () => {
  it('defaults to the system resolver, a 10 s lookup and each site’s own sub-domain as target', () => {
    const config = loadConfig({});
    expect(config.dnsServers).toEqual([]);
    expect(config.dnsTimeoutMs).toBe(10_000);
    expect(config.cnameTarget).toBeUndefined();
  });

  it('takes IPv4 and IPv6 servers with or without a port, and a normalised target', () => {
    const config = loadConfig({
      DNS_SERVERS: ' 1.1.1.1, 127.0.0.1:5353,[::1]:53 , ::1,',
      DNS_TIMEOUT_MS: '2500',
      CNAME_TARGET: ' Edge.Example.NET. ',
    });
    expect(config.dnsServers).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '::1']);
    expect(config.dnsTimeoutMs).toBe(2500);
    expect(config.cnameTarget).toBe('edge.example.net');
  });

  it('refuses a server that is not an IP address, and a timeout that is not a number', () => {
    expect(() => loadConfig({ DNS_SERVERS: 'dns.google' })).toThrow(/DNS_SERVERS: dns\.google/);
    expect(() => loadConfig({ DNS_SERVERS: '1.1.1.1:abc' })).toThrow(/DNS_SERVERS/);
    expect(() => loadConfig({ DNS_TIMEOUT_MS: 'soon' })).toThrow(/DNS_TIMEOUT_MS/);
  });
});

describe('the address in mailed links', () => {
  it('is PUBLIC_URL without a trailing slash, else where the server listens', () => {
    expect(loadConfig({ PUBLIC_URL: ' https://admin.example.com/ ' }).publicUrl).toBe(
      'https://admin.example.com',
    );
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1', PORT: '3000' }).publicUrl).toBe('http://[::1]:3000');
  });
});
