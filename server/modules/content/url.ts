/**
 * Where an item is read on the public site (server/shared/paths.ts, so the renderer agrees), and its preview
 * address: the same page with a signed content token, valid PREVIEW_LINK_HOURS, that shows the current draft.
 */
import { contentKind, publicPath } from '../../shared/paths';
import { PREVIEW_LINK_HOURS, signToken } from '../../shared/tokens';
import { siteById, siteUrl } from '../tenancy/sites';
import type { Scope } from './scope';

/** A function giving an item's addresses on the scope's site (the site is read once). */
export async function urlsOnSite(s: Scope) {
  const site = await siteById(s.deps.db, s.siteId);
  const base = site ? siteUrl(site, s.deps.config) : '';
  const languages = { displayLanguages: site?.displayLanguages ?? [1] };
  const now = s.deps.now();
  return (item: { type: number; slug: string; id: number; langId: number }) => {
    const url = `${base}${publicPath(languages, contentKind(item.type), item.slug || item.id, item.langId)}`;
    const token = signToken(
      s.deps.secret,
      { k: 'content', site: s.siteId, id: item.id },
      PREVIEW_LINK_HOURS * 3600_000,
      now,
    );
    return { url, preview_url: `${url}?preview=${token}` };
  };
}
