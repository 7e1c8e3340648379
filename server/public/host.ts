/**
 * Which requests are for a public site, and which site. The admin answers at its own host names (PUBLIC_URL's,
 * localhost, the loopback addresses, ALLOWED_ORIGINS' and any IP literal); every other host is a site's:
 * `<slug>.<SITE_DOMAIN>` or a verified custom domain (sites.domain).
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sites, themes } from '../modules/tenancy/schema';
import type { SiteRow } from './route';

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

/** The site row plus its theme's version in use (null for the built-in theme or a theme not of this site). */
export type ResolvedSite = SiteRow & { activeVersionId: number | null };

const HOST_TTL_MS = 10_000;
const HOST_CACHE_MAX = 10_000;
/** Per database (a test process may hold several): host → site id, briefly. */
const hostCaches = new WeakMap<Db, Map<string, { id: number; until: number }>>();

/** The slug a host under the site domain names, if it does. */
function slugOf(host: string, siteDomain: string): string | undefined {
  const suffix = `.${siteDomain}`;
  return host.endsWith(suffix) ? host.slice(0, -suffix.length) : undefined;
}

/**
 * The site a host names. The host → id answer is kept briefly; the row itself (render_version, published, theme)
 * is read on every request, in one indexed query with its theme's version in use.
 */
export async function siteOfHost(
  db: Db,
  host: string,
  siteDomain: string,
  now: number,
): Promise<ResolvedSite | undefined> {
  const slug = slugOf(host, siteDomain);
  const matches = (row: SiteRow) => (slug !== undefined ? row.slug === slug : row.domain === host);
  const query = () =>
    db
      .select({
        ...getTableColumns(sites),
        activeVersionId: themes.activeVersionId,
        themeSite: themes.siteId,
      })
      .from(sites)
      .leftJoin(themes, eq(themes.id, sites.themeId));
  let hostToSite = hostCaches.get(db);
  if (!hostToSite) {
    hostToSite = new Map();
    hostCaches.set(db, hostToSite);
  }
  const known = hostToSite.get(host);
  let rows =
    known && known.until > now
      ? await query().where(eq(sites.id, known.id))
      : await query().where(slug !== undefined ? eq(sites.slug, slug) : eq(sites.domain, host));
  if (known && !(rows[0] && matches(rows[0]))) {
    hostToSite.delete(host);
    rows = await query().where(slug !== undefined ? eq(sites.slug, slug) : eq(sites.domain, host));
  }
  const row = rows[0];
  if (!row || !matches(row)) return undefined;
  if (hostToSite.size >= HOST_CACHE_MAX) hostToSite.clear();
  if (!known || known.until <= now) hostToSite.set(host, { id: row.id, until: now + HOST_TTL_MS });
  const { themeSite, activeVersionId, ...site } = row;
  return { ...site, activeVersionId: themeSite === site.id ? activeVersionId : null };
}
