/**
 * DNS lookups, for verifying a site's custom domain (its CNAME record). The default asks the system's name servers,
 * or those of DNS_SERVERS, through node's c-ares Resolver; every lookup ends within `timeoutMs`.
 */
import { Resolver } from 'node:dns/promises';

export interface Dns {
  /** The CNAME targets of `name` (usually one). Rejects when there is none, the name does not exist, or on timeout. */
  resolveCname(name: string): Promise<string[]>;
}

export interface ResolverDnsOptions {
  /** `ip` or `ip:port` (IPv6 as `[ip]:port`); the system's servers when empty. */
  servers?: readonly string[];
  timeoutMs: number;
}

export function resolverDns({ servers = [], timeoutMs }: ResolverDnsOptions): Dns {
  return {
    async resolveCname(name) {
      // A resolver per lookup: cancelling one on timeout must not end the lookups of other requests.
      const resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 2 });
      if (servers.length) resolver.setServers([...servers]);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          resolver.cancel();
          reject(Object.assign(new Error(`DNS lookup of ${name} timed out`), { code: 'ETIMEOUT' }));
        }, timeoutMs);
      });
      try {
        return await Promise.race([resolver.resolveCname(name), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
