/**
 * The user's own site at `slug` still waiting for its first payment, if any. site/init answers 3012 for a slug the
 * user's own earlier attempt took (a reply lost on the way, another device, a cleared draft): that site is then
 * paid for with site/retry instead of the address being refused.
 */
import { siteApi } from '../../../contract/api/sites';
import { PAGE_SIZE_MAX } from '../../../contract/constants';
import { ROLE } from '../../../contract/permissions';
import { call } from '../../dataProvider/client';

export async function ownUnpaidSite(slug: string): Promise<number | null> {
  try {
    const { rows } = await call(siteApi.list, { query: { page: 1, size: PAGE_SIZE_MAX, filters: [] } });
    const site = rows.find((s) => s.slug === slug && s.role.id === ROLE.OWNER && s.service === null);
    return site ? site.id : null;
  } catch {
    return null;
  }
}
