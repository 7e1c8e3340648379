/**
 * Which site a public site's request is for: `<slug>.<SITE_DOMAIN>` or a verified custom domain (sites.domain).
 * Whether a host is a site's at all is server/siteHost.ts's.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sites, themes } from './schema';
import type { SiteRow } from './sites';

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
  // The rest is a new object of our own: set on it rather than spread it into another (see tenancy/sites.ts toCurrent).
  const { themeSite, ...site } = row;
  if (themeSite !== site.id) site.activeVersionId = null;
  return site;
}
