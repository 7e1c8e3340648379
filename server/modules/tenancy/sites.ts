/** Sites and who works on them: the reads every module shares (a site by id, its address, a user's sites …). */
import { asc, eq, sql } from 'drizzle-orm';
import { CONTENT_LANGUAGES } from '../../../contract/constants';
import type { Feature } from '../../../contract/plans';
import type { CurrentSite, SiteSummary } from '../../../contract/session';
import type { Badge } from '../../../contract/sites';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { siteStaff, sites } from './schema';

export type SiteRow = typeof sites.$inferSelect;

export const toSummary = (s: Pick<SiteRow, 'id' | 'name' | 'slug' | 'domain'>): SiteSummary => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  domain: s.domain,
});

/** The front end's languages in the site's order; the first is the default. */
export function displayLanguages(ids: readonly number[]): CurrentSite['frontend_display_language'] {
  return ids.flatMap((id, order) => {
    const lang = CONTENT_LANGUAGES.find((l) => l.id === id);
    return lang ? [{ id, iso: lang.iso, label: lang.label, order, default: order === 0 }] : [];
  });
}

/** The columns of a site that toCurrent reads. */
export type CurrentSiteRow = Pick<
  SiteRow,
  'id' | 'name' | 'slug' | 'domain' | 'timezone' | 'status' | 'published' | 'badges' | 'displayLanguages'
>;

/**
 * The current site; `scope` is what resolveSite found of it (its plan's features and name). Every field is named
 * rather than spread from toSummary: on Node 20, a literal that spreads an object and then adds properties builds a
 * new hidden class each time (≈ 2 µs a property; issue 31).
 */
export function toCurrent(
  s: CurrentSiteRow,
  scope: { features: readonly Feature[]; plan: CurrentSite['service'] } | null,
  config: Pick<Config, 'siteDomain' | 'siteScheme' | 'sitePort'>,
): CurrentSite {
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    domain: s.domain,
    url: siteUrl(s, config),
    timezone: s.timezone,
    status: s.status,
    published: s.published,
    service: scope?.plan ?? null,
    features: [...(scope?.features ?? [])],
    badge: s.badges,
    frontend_display_language: displayLanguages(s.displayLanguages),
  };
}

export async function sitesOfUser(db: Db, userId: number): Promise<SiteRow[]> {
  const rows = await db
    .select({ site: sites })
    .from(siteStaff)
    .innerJoin(sites, eq(sites.id, siteStaff.siteId))
    .where(eq(siteStaff.userId, userId))
    .orderBy(asc(sites.id));
  return rows.map((r) => r.site);
}

export async function siteById(db: Db, id: number): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id));
  return row;
}

/** The public address of a site: its own domain, or its slug under the platform's domain. */
export function siteUrl(
  site: Pick<SiteRow, 'domain' | 'slug'>,
  config: Pick<Config, 'siteDomain' | 'siteScheme' | 'sitePort'>,
): string {
  return site.domain
    ? `https://${site.domain}`
    : `${config.siteScheme}://${site.slug}.${config.siteDomain}${config.sitePort}`;
}

/** Gives a site an onboarding badge (once; safe to call on every save that earns it). */
export async function awardBadge(db: Db, siteId: number, badge: Badge): Promise<void> {
  await db
    .update(sites)
    .set({ badges: sql`${sites.badges} || ${JSON.stringify([badge])}::jsonb` })
    .where(sql`${sites.id} = ${siteId} AND NOT ${sites.badges} @> ${JSON.stringify([badge])}::jsonb`);
}
