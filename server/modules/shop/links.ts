/** Addresses of the shop on a site's own host (the public pages serve them). */
import type { Config } from '../../config';
import { publicPath, type SiteLanguages } from '../../shared/paths';
import { siteUrl } from '../tenancy/sites';

type SiteOfLink = SiteLanguages & { domain: string; slug: string };

/** The buyer's order page (where the 3-D Secure window returns and the mails link): `<site><lang>/order?order_number=…`. */
export const orderPageUrl = (
  site: SiteOfLink,
  config: Pick<Config, 'siteDomain' | 'siteScheme' | 'sitePort'>,
  langId: number,
  orderNumber: string,
): string =>
  `${siteUrl(site, config)}${publicPath(site, 'order', '', langId)}?order_number=${encodeURIComponent(orderNumber)}`;
