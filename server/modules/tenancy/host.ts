/**
 * Which site a public site's request is for: `<slug>.<SITE_DOMAIN>` or a verified custom domain (sites.domain).
 * Whether a host is a site's at all is server/siteHost.ts's.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerShape } from '../../http/prepared';
import { sites, themes } from './schema';
import type { SiteRow } from './sites';

/** The site row plus its theme's version in use (null for the built-in theme or a theme not of this site). */
export type ResolvedSite = SiteRow & { activeVersionId: number | null };

const HOST_TTL_MS = 10_000;
const HOST_CACHE_MAX = 10_000;
/** Per database (a test process may hold several): host → site id, briefly. */
const hostCaches = new WeakMap<Db, Map<string, { id: number; until: number }>>();

/** The site row with its theme's version, by id, slug or domain: built once per shape (every public page reads it). */
const siteRead = preparedPerShape<ReturnType<typeof buildSiteRead>>();
function buildSiteRead(db: Db, by: 'id' | 'slug' | 'domain') {
  const key = sql.placeholder('key');
  return db
    .select({ ...getTableColumns(sites), activeVersionId: themes.activeVersionId, themeSite: themes.siteId })
    .from(sites)
    .leftJoin(themes, eq(themes.id, sites.themeId))
    .where(by === 'id' ? eq(sites.id, key) : by === 'slug' ? eq(sites.slug, key) : eq(sites.domain, key))
    .prepare('');
}
const readSite = (db: Db, by: 'id' | 'slug' | 'domain', key: string | number) =>
  siteRead(db, by, () => buildSiteRead(db, by)).execute({ key });

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
  let hostToSite = hostCaches.get(db);
  if (!hostToSite) {
    hostToSite = new Map();
    hostCaches.set(db, hostToSite);
  }
  const known = hostToSite.get(host);
  const byHost = () => (slug !== undefined ? readSite(db, 'slug', slug) : readSite(db, 'domain', host));
  let rows = known && known.until > now ? await readSite(db, 'id', known.id) : await byHost();
  if (known && !(rows[0] && matches(rows[0]))) {
    hostToSite.delete(host);
    rows = await byHost();
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
