/**
 * Which requests are for a public site. The admin answers at its own host names (PUBLIC_URL's, localhost, the
 * loopback addresses, ALLOWED_ORIGINS' and any IP literal); every other host is a site's: `<slug>.<SITE_DOMAIN>` or a
 * verified custom domain (which site: modules/tenancy/host.ts). A site host's every request is rewritten under
 * SITE_PREFIX and marked with its host name.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

/** Marks a raw request rewritten to /_site: its site host name. */
export const SITE_HOST = Symbol('siteHost');
export type MarkedRequest = IncomingMessage & { [SITE_HOST]?: string };

/** Where the site routes live; a site host's every path is rewritten under it. */
export const SITE_PREFIX = '/_site';

/** The site host a request was rewritten for, if it was. */
export const siteHostOf = (req: FastifyRequest): string | undefined => (req.raw as MarkedRequest)[SITE_HOST];

const HOST_MAX = 300;

/** The host name a request asked for, lower-cased, without port or trailing dot ('' when none or too long). */
export function requestHostName(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const raw = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0] ?? req.headers.host ?? '';
  if (raw.length > HOST_MAX) return '';
  const host = raw.trim().toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

const hostNameOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

/** Decides, for a host name, whether it is a public site's; made once per app from the configuration. */
export function siteHostTest(config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'siteDomain'>) {
  const admin = new Set(
    [
      'localhost',
      '127.0.0.1',
      '[::1]',
      hostNameOf(config.publicUrl),
      ...config.allowedOrigins.map(hostNameOf),
    ].filter(Boolean),
  );
  const suffix = `.${config.siteDomain}`;
  return (name: string): boolean => {
    if (!name) return false;
    // Under the site domain, always a site's (one with a dot in its "slug" is simply not found).
    if (name.endsWith(suffix)) return true;
    if (admin.has(name) || isIP(name.replace(/^\[|\]$/g, ''))) return false;
    return /^[a-z0-9.-]+$/.test(name);
  };
}
