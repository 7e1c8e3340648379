/**
 * A public site's address, understood: which page of which language, or a feed, an asset, the icon, the staff
 * entrance. Lengths are bounded before anything else; anything not matched exactly is a 404 (null).
 */
import { LIST_PAGE_MAX } from '../../contract/publicLists';
import type { PublicPageKind, SiteLanguages } from '../shared/paths';
import { defaultLang, isReaderPageKind, langOfSegment, READER_PAGE_KINDS } from '../shared/paths';
import type { PublicRoute } from './route';

export const PATH_MAX = 1000;
export const KEY_MAX = 200;

export type SiteAddress =
  | { kind: 'page'; route: PublicRoute }
  /** sitemap.xml (no part), or one of its parts, /sitemap-<part>.xml. */
  | { kind: 'sitemap'; part?: number }
  | { kind: 'robots' }
  | { kind: 'rss'; langId: number }
  | { kind: 'asset'; hash: string; file: string }
  | { kind: 'favicon' }
  | { kind: 'staff' };

const SECTIONS: Record<string, 'post' | 'epaper' | 'category' | 'tag' | 'author' | 'goods'> = {
  post: 'post',
  epaper: 'epaper',
  category: 'category',
  tag: 'tag',
  author: 'author',
  shop: 'goods',
};
const LISTS = new Set<PublicPageKind>(['index', 'category', 'tag', 'author', 'shop']);
/** Lists whose next and previous links carry a keyset cursor (`after` / `before`, an item's id). */
const CURSOR_LISTS = new Set<PublicPageKind>(['category', 'tag', 'author']);
/** First segments that are never a page's slug. */
const RESERVED = new Set([
  'assets',
  '_staff',
  'sitemap.xml',
  'robots.txt',
  'rss.xml',
  'favicon.ico',
  ...Object.keys(SECTIONS),
  ...READER_PAGE_KINDS,
]);

/** A decoded path segment; null when malformed or holding a NUL (PostgreSQL text cannot hold one). */
function decode(segment: string): string | null {
  try {
    const s = decodeURIComponent(segment);
    return s.includes('\u0000') ? null : s;
  } catch {
    return null;
  }
}

/** A query key or value holds a NUL: the page builders read the query (search's `q` …) into SQL. */
function queryHasNul(query: URLSearchParams): boolean {
  for (const [k, v] of query) if (k.includes('\u0000') || v.includes('\u0000')) return true;
  return false;
}

/** `?page=`: absent is 1; 1..10000 written plainly, else null. */
function pageOf(query: URLSearchParams): number | null {
  const all = query.getAll('page');
  if (all.length === 0) return 1;
  if (all.length > 1 || !/^[1-9]\d{0,4}$/.test(all[0])) return null;
  const n = Number(all[0]);
  return n <= LIST_PAGE_MAX ? n : null;
}

/** `?after=` / `?before=` (one at most, an item id written plainly): undefined when absent, null when malformed. */
function cursorOf(query: URLSearchParams): { after?: number; before?: number } | undefined | null {
  const after = query.getAll('after');
  const before = query.getAll('before');
  if (after.length + before.length === 0) return undefined;
  if (after.length + before.length > 1) return null;
  const raw = after[0] ?? before[0];
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) return null;
  return after.length ? { after: Number(raw) } : { before: Number(raw) };
}

/** The address of `path` (no query) on a site with these languages, or null (404). */
export function routeOf(site: SiteLanguages, path: string, query: URLSearchParams): SiteAddress | null {
  if (path.length > PATH_MAX || !path.startsWith('/') || queryHasNul(query)) return null;
  const raw = path.split('/').slice(1);
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  if (raw.length === 1 && raw[0] === '') raw.pop();
  const segments: string[] = [];
  for (const r of raw) {
    const s = decode(r);
    if (s === null || s === '' || s.length > KEY_MAX) return null;
    segments.push(s);
  }
  const [first, ...rest] = segments;
  if (first === 'assets' && rest.length >= 2) {
    return /^[0-9a-f]{12}$/.test(rest[0])
      ? { kind: 'asset', hash: rest[0], file: rest.slice(1).join('/') }
      : null;
  }
  if (segments.length === 1 && first === '_staff') return { kind: 'staff' };
  if (segments.length === 1 && first === 'sitemap.xml') return { kind: 'sitemap' };
  const part = segments.length === 1 ? /^sitemap-(0|[1-9]\d{0,8})\.xml$/.exec(first) : null;
  if (part) return { kind: 'sitemap', part: Number(part[1]) };
  if (segments.length === 1 && first === 'robots.txt') return { kind: 'robots' };
  if (segments.length === 1 && first === 'favicon.ico') return { kind: 'favicon' };

  const prefixed = first !== undefined ? langOfSegment(site, first) : undefined;
  const langId = prefixed ?? defaultLang(site);
  const tail = prefixed !== undefined ? rest : segments;
  if (tail.length === 1 && tail[0] === 'rss.xml') return { kind: 'rss', langId };

  let kind: PublicPageKind;
  let key: string | undefined;
  if (tail.length === 0) kind = 'index';
  else if (tail.length === 1 && isReaderPageKind(tail[0])) kind = tail[0];
  else if (tail.length === 2 && Object.hasOwn(SECTIONS, tail[0])) [kind, key] = [SECTIONS[tail[0]], tail[1]];
  else if (tail.length === 1 && !RESERVED.has(tail[0])) [kind, key] = ['page', tail[0]];
  else return null;
  const page = pageOf(query);
  if (page === null || (page > 1 && !LISTS.has(kind))) return null;
  const cursor = cursorOf(query);
  if (cursor === undefined) return { kind: 'page', route: { kind, key, langId, page } };
  // A cursor belongs to a category, tag or author page past the first (the links pagination makes).
  if (cursor === null || page === 1 || !CURSOR_LISTS.has(kind)) return null;
  return { kind: 'page', route: { kind, key, langId, page, ...cursor } };
}
