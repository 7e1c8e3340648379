/** Creating a site: its row, its owner on its staff and its default menu. */
import { randomBytes } from 'node:crypto';
import { DEFAULT_TIMEZONE, type Locale } from '../../../contract/constants';
import { ROLE } from '../../../contract/permissions';
import type { Db } from '../../db/client';
import { createDefaultMenu } from '../menus/defaults';
import { siteStaff, sites } from '../tenancy/schema';
import type { SiteRow } from '../tenancy/sites';

/** Creates a site owned by `ownerId` (inside the caller's transaction). */
export async function createSite(
  db: Db,
  input: { name: string; ownerId: number; slug?: string; language?: Locale; serviceId?: number },
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
      serviceId: input.serviceId ?? null,
    })
    .returning();
  await db.insert(siteStaff).values({ siteId: site.id, userId: input.ownerId, roleId: ROLE.OWNER });
  await createDefaultMenu(db, site.id);
  return site;
}
