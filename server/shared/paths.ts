/**
 * Addresses on the public site. The site's default language (the first of its display languages) has no prefix;
 * every other one has its code, lower-cased: /en/post/hello, /ja/tag/tokyo. One function per kind of page, so the
 * renderer's links, the sitemap, RSS and the admin's `url`/`preview_url` always agree.
 */
import { CONTENT_LANGUAGES } from '../../contract/constants';
import { CONTENT_TYPE } from '../../contract/contentConstants';

/**
 * The readers' own pages (issue 14), each at `/<kind>` (and `/<lang>/<kind>`), rendered by the theme's template of
 * the same name: sign-in and sign-up, the reader's account, the contact form, the plans and their checkout, search,
 * and the e-paper unsubscribe page. Their builders are server/public/readers/<kind>.ts.
 */
/**
 * The shop's pages (issue 15) that stand alone like the readers' pages (server/public/shop/): the goods list, the
 * cart and checkout, and a buyer's order. A product's page is the content-like kind `goods` (`/shop/<slug>`).
 */
export const SHOP_PAGE_KINDS = ['shop', 'cart', 'order'] as const;

export const READER_PAGE_KINDS = [
  'signin',
  'account',
  'contact',
  'subscribe',
  'search',
  'unsubscribe',
  ...SHOP_PAGE_KINDS,
] as const;
export type ReaderPageKind = (typeof READER_PAGE_KINDS)[number];
export const isReaderPageKind = (kind: string): kind is ReaderPageKind =>
  (READER_PAGE_KINDS as readonly string[]).includes(kind);

/**
 * Pages rendered for each request and never cached (their forms, a reader's or buyer's data, a product's stock),
 * which every theme has: the built-in theme's template renders them when a theme lacks one (workers/engine.ts).
 */
export const isLivePageKind = (kind: string): kind is ReaderPageKind | 'goods' =>
  isReaderPageKind(kind) || kind === 'goods';

export type PublicPageKind =
  | 'index'
  | 'goods'
  | 'post'
  | 'epaper'
  | 'page'
  | 'category'
  | 'tag'
  | 'author'
  | ReaderPageKind;

/** What a site's addresses depend on. */
export interface SiteLanguages {
  displayLanguages: number[];
}

/** The URL prefix of a content language on a site ('' for its default language). */
export function langPrefix(site: SiteLanguages, langId: number): string {
  if (langId === defaultLang(site)) return '';
  const lang = CONTENT_LANGUAGES.find((l) => l.id === langId);
  return lang ? `/${lang.iso.toLowerCase()}` : '';
}

export const defaultLang = (site: SiteLanguages): number => site.displayLanguages[0] ?? 1;

/** The content language of a path's first segment (`en`, `zh-cn` …) among the site's languages, if it is one. */
export function langOfSegment(site: SiteLanguages, segment: string): number | undefined {
  const lang = CONTENT_LANGUAGES.find((l) => l.iso.toLowerCase() === segment.toLowerCase());
  return lang && lang.id !== defaultLang(site) && site.displayLanguages.includes(lang.id)
    ? lang.id
    : undefined;
}

const SECTION: Record<Exclude<PublicPageKind, 'index' | 'page' | ReaderPageKind>, string> = {
  post: '/post/',
  epaper: '/epaper/',
  category: '/category/',
  tag: '/tag/',
  author: '/author/',
  goods: '/shop/',
};

/** A page's path (from the site root): `key` is a slug, or an id where there is no slug. */
export function publicPath(
  site: SiteLanguages,
  kind: PublicPageKind,
  key: string | number,
  langId: number,
): string {
  const prefix = langPrefix(site, langId);
  if (kind === 'index') return prefix || '/';
  if (isReaderPageKind(kind)) return `${prefix}/${kind}`;
  const tail = encodeURIComponent(String(key));
  return kind === 'page' ? `${prefix}/${tail}` : `${prefix}${SECTION[kind]}${tail}`;
}

/** A content item's page kind by its type. */
export function contentKind(type: number): 'post' | 'epaper' | 'page' {
  return type === CONTENT_TYPE.page ? 'page' : type === CONTENT_TYPE.epaper ? 'epaper' : 'post';
}
