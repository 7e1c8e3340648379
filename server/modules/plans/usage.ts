/**
 * What a site uses today against a plan's limits (plan/change's preview, `over_limits`). Counted from what exists:
 * staff plus open invitations (the seats), the most revisions any one item keeps, uploads in MB (pictures, videos and
 * the theme versions kept: files/quota.ts usedBytes), the site's members (readers), and this calendar month's e-paper
 * recipients (epaper/sends.ts quotaOf).
 */

import { count, eq, sql } from 'drizzle-orm';
import type { OverLimit } from '../../../contract/billing';
import { MB, uploadQuotaMb } from '../../../contract/uploadQuota';
import type { Deps } from '../../deps';
import { contentRevisions, contents } from '../content/schema';
import { quotaOf } from '../epaper/sends';
import { usedBytes } from '../files/quota';
import { memberCount } from '../readers/limit';
import { seats } from '../staff/service';
import type { PlanRow } from '../tenancy/catalogue';

async function mostRevisions(deps: Deps, siteId: number): Promise<number> {
  const perItem = deps.db
    .select({ n: count().as('n') })
    .from(contentRevisions)
    .innerJoin(contents, eq(contents.id, contentRevisions.contentId))
    .where(eq(contents.siteId, siteId))
    .groupBy(contentRevisions.contentId)
    .as('per_item');
  const [row] = await deps.db.select({ most: sql<number>`coalesce(max(${perItem.n}), 0)` }).from(perItem);
  return Number(row.most);
}

async function uploadedMb(deps: Deps, siteId: number): Promise<number> {
  return Math.ceil((await usedBytes(deps.db, siteId)) / MB);
}

/** Each limit of `plan` the site is over today, with its use. A plan's upload 0 means the default total (50 MB). */
export async function overLimits(deps: Deps, siteId: number, plan: PlanRow): Promise<OverLimit[]> {
  const { used: staff } = await seats(deps.db, siteId, deps.now());
  const usage: OverLimit[] = [
    { what: 'members', used: await memberCount(deps.db, siteId), limit: plan.members },
    { what: 'staff', used: staff, limit: plan.staffCount },
    { what: 'revisions', used: await mostRevisions(deps, siteId), limit: plan.historyCount },
    { what: 'upload', used: await uploadedMb(deps, siteId), limit: uploadQuotaMb(plan.uploadMb) },
    { what: 'newsletters', used: (await quotaOf(deps.db, siteId, deps.now())).used, limit: plan.newsletters },
  ];
  return usage.filter((u) => u.used > u.limit);
}
