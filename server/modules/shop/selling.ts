/** Whether a site sells: its plan in force has the `shop` feature (or `full`). The one rule, for pages and calls. */
import { hasFeature } from '../../../contract/plans';
import type { Db } from '../../db/client';
import { planFeatures, planRow } from '../tenancy/catalogue';
import type { sites } from '../tenancy/schema';

export async function sellsShop(
  db: Db,
  site: Pick<typeof sites.$inferSelect, 'serviceId'>,
): Promise<boolean> {
  return hasFeature(planFeatures(await planRow(db, site.serviceId)), 'shop');
}
