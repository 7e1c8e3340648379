/** The site object of every page, and the page in each of the site's languages. */

import type { MediaUrl } from '../../shared/media';
import { defaultLang, langPrefix, publicPath } from '../../shared/paths';
import type { LanguageObject, SiteObject } from '../../workers/objects';
import type { SiteRow } from '../route';
import { langCode, langLabel } from './language';

/** The site's languages, the default first (a site without any has zh-TW). */
export const siteLanguages = (site: SiteRow): number[] =>
  site.displayLanguages.length ? site.displayLanguages : [1];

/** The home of a language: the site's root address plus its prefix. */
export const homeUrl = (site: SiteRow, base: string, langId: number): string =>
  base + langPrefix(site, langId);

/**
 * The site object. `pathIn(lang)` is this page's path in another language, or null where the page does not exist
 * there (the language's home is linked instead).
 */
export function siteObject(
  site: SiteRow,
  base: string,
  langId: number,
  media: MediaUrl,
  pathIn: (langId: number) => string | null,
): SiteObject {
  const home = homeUrl(site, base, langId);
  const languages: LanguageObject[] = siteLanguages(site).map((id) => ({
    code: langCode(id),
    label: langLabel(id),
    url: base + (pathIn(id) ?? publicPath(site, 'index', '', id)),
    current: id === langId,
  }));
  return {
    name: site.name,
    description: site.description,
    url: base,
    home_url: home,
    logo: media(site.logo),
    favicon: media(site.favicon),
    language: langCode(langId),
    languages,
    rss_url: `${home}/rss.xml`,
  };
}

export const isDefaultLang = (site: SiteRow, langId: number) => langId === defaultLang(site);
