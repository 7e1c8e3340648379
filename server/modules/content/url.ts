/** Where an item is read on the public site, and its preview address. */
import { CONTENT_TYPE } from '../../../contract/contentConstants';
import { siteById, siteUrl } from '../sites/service';
import type { Scope } from './scope';

const PREFIX: Record<number, string> = {
  [CONTENT_TYPE.post]: '/post/',
  [CONTENT_TYPE.page]: '/',
  [CONTENT_TYPE.epaper]: '/epaper/',
};

/** A function giving an item's addresses on the scope's site (the site is read once). */
export async function urlsOnSite(s: Scope) {
  const site = await siteById(s.deps.db, s.siteId);
  const base = site ? siteUrl(site, s.deps.config) : '';
  return (item: { type: number; slug: string; id: number; uuid: string }) => {
    const url = `${base}${PREFIX[item.type]}${item.slug || item.id}`;
    return { url, preview_url: `${url}?preview=${item.uuid}` };
  };
}
