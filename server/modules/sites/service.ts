/** Sites and who works on them. */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_TIMEZONE, type Locale } from '../../../contract/constants';
import { ROLE } from '../../../contract/permissions';
import { planById } from '../../../contract/plans';
import type { CurrentSite, SiteSummary } from '../../../contract/session';
import type { Db } from '../../db/client';
import { siteStaff, sites } from '../../db/schema';

type SiteRow = typeof sites.$inferSelect;

export const toSummary = (s: SiteRow): SiteSummary => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  domain: s.domain,
});

export function toCurrent(s: SiteRow): CurrentSite {
  const plan = planById(s.serviceId);
  return {
    ...toSummary(s),
    timezone: s.timezone,
    status: s.status,
    published: s.published,
    service: plan ? { id: plan.id, name: plan.name } : null,
    badge: [],
    frontend_display_language: [],
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

/** Creates a site owned by `ownerId` (inside the caller's transaction). */
export async function createSite(
  db: Db,
  input: { name: string; ownerId: number; slug?: string; language?: Locale },
): Promise<SiteRow> {
  const slug = input.slug ?? `site-${randomBytes(4).toString('hex')}`;
  const [site] = await db
    .insert(sites)
    .values({
      name: input.name,
      slug,
      ownerId: input.ownerId,
      language: input.language ?? 'zh-TW',
      timezone: DEFAULT_TIMEZONE,
    })
    .returning();
  await db.insert(siteStaff).values({ siteId: site.id, userId: input.ownerId, roleId: ROLE.OWNER });
  return site;
}

/** The public address of a site: its own domain, or its slug under the platform's domain. */
export function siteUrl(site: Pick<SiteRow, 'domain' | 'slug'>, siteDomain: string): string {
  return site.domain ? `https://${site.domain}` : `https://${site.slug}.${siteDomain}`;
}
