/**
 * The public site's machine-read files: sitemap.xml, RSS 2.0 per language and robots.txt. Readers' view only: items
 * published (status 1 with a `published` snapshot) on this site in one of its display languages, read from the
 * snapshot, never the draft columns; RSS carries the abstract, never the content (the paid part must not leak).
 * Each is a few queries with a LIMIT; at 100,000 articles they want the two indexes bench/README.md proposes (on
 * the publication time per language and per category), without which RSS reads the whole table.
 */
import { and, desc, eq, exists, gt, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { CONTENT_LANGUAGES } from '../../contract/constants';
import { CONTENT_TYPE, STATUS } from '../../contract/contentConstants';
import { SITEMAP_MAX_URLS } from '../../contract/publicLists';
import { rowsOf } from '../db/client';
import type { Deps } from '../deps';
import { categories, contents, contentTags, tags } from '../modules/content/schema';
import { goods } from '../modules/shop/schema';
import { sellsShop } from '../modules/shop/selling';
import { mediaUrlOf } from '../shared/media';
import { contentKind, langPrefix, type PublicPageKind, publicPath } from '../shared/paths';
import type { SiteRow } from './route';
import { element, escapeXml, rfc822Date } from './xml';

export { SITEMAP_MAX_URLS };
/** Items in an RSS feed. */
export const RSS_ITEMS = 20;

type FeedDeps = Pick<Deps, 'db' | 'config'>;
type FeedSite = Pick<
  SiteRow,
  'id' | 'name' | 'description' | 'seo' | 'displayLanguages' | 'published' | 'serviceId'
>;

/** The content language's code as hreflang and RSS want it (BCP 47: Korean is `ko`, whatever the product calls it). */
function langCode(langId: number): string {
  const iso = CONTENT_LANGUAGES.find((l) => l.id === langId)?.iso ?? 'zh-TW';
  return iso === 'kr' ? 'ko' : iso;
}

/** The site's display languages that are content languages, the default first. */
const siteLanguages = (site: FeedSite): number[] =>
  site.displayLanguages.filter((id) => CONTENT_LANGUAGES.some((l) => l.id === id));

/** What readers may see of `contents`: published with a snapshot, on this site. */
const visible = (siteId: number) =>
  and(eq(contents.siteId, siteId), eq(contents.status, STATUS.PUBLISHED), isNotNull(contents.published));

interface SitemapUrl {
  loc: string;
  /** W3C Datetime. */
  lastmod?: string;
  /** Its alternates in other languages, hreflang → address (itself included), when there are any. */
  alternates?: [string, string][];
}

function urlEntry(u: SitemapUrl): string {
  const links = (u.alternates ?? []).map(
    ([lang, href]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${escapeXml(href)}"/>`,
  );
  const lastmod = u.lastmod ? element('lastmod', u.lastmod) : '';
  return `<url>${element('loc', u.loc)}${lastmod}${links.join('')}</url>`;
}

/**
 * Category and tag pages that list published items, per language: an EXISTS per label, so the database may stop
 * at the first item (content_tags_tag_idx for tags) rather than group every item of the site.
 */
async function labelUrls(
  deps: FeedDeps,
  site: FeedSite,
  base: string,
  langs: number[],
  limit: number,
): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  for (const langId of langs) {
    const room = limit - urls.length;
    if (room <= 0) break;
    const listed = and(visible(site.id), eq(contents.langId, langId));
    const cats = await deps.db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(
        and(
          eq(categories.siteId, site.id),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(contents)
              .where(and(eq(contents.categoryId, categories.id), listed)),
          ),
        ),
      )
      .orderBy(categories.sort, categories.id)
      .limit(room);
    const tagRows = await deps.db
      .select({ id: tags.id, slug: tags.slug })
      .from(tags)
      .where(
        and(
          eq(tags.siteId, site.id),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(contentTags)
              .innerJoin(contents, eq(contents.id, contentTags.contentId))
              .where(and(eq(contentTags.tagId, tags.id), listed)),
          ),
        ),
      )
      .orderBy(tags.id)
      .limit(room - cats.length);
    const url = (kind: PublicPageKind) => (r: { id: number; slug: string }) => ({
      loc: `${base}${publicPath(site, kind, r.slug || r.id, langId)}`,
    });
    urls.push(...cats.map(url('category')), ...tagRows.map(url('tag')));
  }
  return urls;
}

/** hreflang alternates of one page's addresses in several languages, in the site's order (none for a single one). */
function alternatesOf(
  langs: number[],
  group: { langId: number; loc: string }[],
): [string, string][] | undefined {
  if (group.length < 2) return undefined;
  const order = (g: { langId: number }) => langs.indexOf(g.langId);
  return [...group].sort((a, b) => order(a) - order(b)).map((g) => [langCode(g.langId), g.loc]);
}

/**
 * A timestamp as text in UTC, formatted by the database (50,000 of them parse slowly as dates in JavaScript).
 * `format` is one of this file's constants, never input.
 */
const utcText = (column: SQL, format: string) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', ${sql.raw(`'${format}'`)})`;

/** What a sitemap address is made of: the item's kind, slug and language, and its `lastmod` (W3C Datetime of the later
 * of publication and last change). */
const sitemapItem = {
  id: contents.id,
  uuid: contents.uuid,
  type: contents.type,
  langId: contents.langId,
  slug: contents.slug,
  lastmod: utcText(sql`greatest(${contents.publishTs}, ${contents.updatedAt})`, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
};

/**
 * The newest `limit` published items of the site's languages: one query per language, newest publication first
 * (an index on (site_id, lang_id, publish_ts) WHERE status = 1 makes each a walk of `limit` rows), merged here.
 */
async function newestItems(deps: FeedDeps, siteId: number, langs: number[], limit: number) {
  if (limit <= 0) return [];
  const perLang = await Promise.all(
    langs.map((langId) =>
      deps.db
        .select({
          ...sitemapItem,
          /** Sorts as text, to the microsecond. */
          publishedAt: utcText(sql`${contents.publishTs}`, 'YYYY-MM-DD"T"HH24:MI:SS.US'),
        })
        .from(contents)
        .where(and(visible(siteId), eq(contents.langId, langId)))
        .orderBy(desc(contents.publishTs), desc(contents.id))
        .limit(limit),
    ),
  );
  if (perLang.length === 1) return perLang[0];
  return perLang
    .flat()
    .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.id - a.id)
    .slice(0, limit);
}

/**
 * sitemap.xml: the home of each display language, categories and tags with published items, a selling site's shop
 * and online products, and the published posts, pages and e-papers, newest first, up to the protocol's 50,000 addresses; each item's `lastmod` is the later
 * of its publication and its last change, and an item in several languages names its other languages (hreflang).
 */
export async function sitemapXml(
  deps: FeedDeps,
  site: FeedSite,
  base: string,
  /** The protocol's cap; a test makes it small. */
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string> {
  const langs = siteLanguages(site);
  const head = await siteUrls(deps, site, base, langs, maxUrls);

  const items = await newestItems(deps, site.id, langs, maxUrls - head.length);
  const locs = items.map((r) => `${base}${publicPath(site, contentKind(r.type), r.slug || r.id, r.langId)}`);
  // Languages of one item share its uuid: group them only where the site has several.
  const byUuid = new Map<string, { langId: number; loc: string }[]>();
  if (langs.length > 1) {
    items.forEach((r, i) => {
      const entry = { langId: r.langId, loc: locs[i] };
      const group = byUuid.get(r.uuid);
      if (group) group.push(entry);
      else byUuid.set(r.uuid, [entry]);
    });
  }
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...head.map(urlEntry),
  ];
  items.forEach((r, i) => {
    const group = byUuid.get(r.uuid);
    lines.push(
      urlEntry({ loc: locs[i], lastmod: r.lastmod, alternates: group && alternatesOf(langs, group) }),
    );
  });
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** The site's own addresses: the homes of its languages, its labels with published items, its shop; `max` at most. */
async function siteUrls(
  deps: FeedDeps,
  site: FeedSite,
  base: string,
  langs: number[],
  max: number,
): Promise<SitemapUrl[]> {
  const homes = langs.map((langId) => ({ langId, loc: `${base}${publicPath(site, 'index', '', langId)}` }));
  const head: SitemapUrl[] = homes
    .slice(0, max)
    .map((h) => ({ loc: h.loc, alternates: alternatesOf(langs, homes) }));
  head.push(...(await labelUrls(deps, site, base, langs, max - head.length)));
  head.push(...(await shopUrls(deps, site, base, langs[0], max - head.length)));
  return head;
}

/*
 * The sitemap at scale (issue 31). /sitemap.xml is a sitemap index once the site's addresses pass one file's
 * `partSize` (SITEMAP_MAX_URLS; a test makes it small); a site within it keeps a single urlset, which is what the
 * index's parts together hold. Part 0 holds the site's own addresses (siteUrls, capped at `partSize` as the single
 * file always was); part n ≥ 1 the published items whose ids lie in the n-th block of `partSize` ids, so that no part
 * can hold more than `partSize` and each is a range read on contents_listed_id_idx, by keyset (id > the last one
 * written) in batches of SITEMAP_BATCH, written to the reply as they come (never one string). The index lists the
 * blocks that hold an item, found by one index seek per block (a recursive query skipping from block to block).
 * An item's hreflang alternates are its published languages among the site's, read per batch by uuid.
 */

/** Rows read and written at a time by a streamed sitemap. */
export const SITEMAP_BATCH = 5_000;

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

/** Published items of the site in its languages: what the sitemap's parts read (contents_listed_id_idx). */
const listedIn = (siteId: number, langs: number[]) => and(visible(siteId), inArray(contents.langId, langs));

/** A row of a sitemap part: what its address and lastmod are made of. */
interface ItemRow {
  id: number;
  uuid: string;
  type: number;
  lang_id: number;
  /** The slug, or the id where there is none (the address's key). */
  key: string;
  lastmod: string;
}

/**
 * Writes the `<url>` entries of sitemap items, the same bytes as urlEntry (issue 31: a part is 50,000 of them, and
 * writing them was most of its time). The escaped start of an address — `<url><loc>`, the base and the path up to the
 * key — is made once per type and language; the key is what encodeURIComponent leaves (ASCII, of which only `'`
 * needs escaping); lastmod is the database's to_char of a fixed format (digits, `-`, `:`, `T`, `Z`), never escaped.
 * A path that does not end in its key (publicPath changed) falls back to urlEntry.
 */
function itemWriter(site: FeedSite, base: string) {
  const starts = new Map<number, { path: string; open: string } | null>();
  const startOf = (type: number, langId: number) => {
    const at = type * 65_536 + langId;
    let start = starts.get(at);
    if (start === undefined) {
      const kind = contentKind(type);
      const path = publicPath(site, kind, '', langId);
      start =
        publicPath(site, kind, 'k', langId) === `${path}k` ? { path: `${base}${path}`, open: '' } : null;
      if (start) start.open = `<url><loc>${escapeXml(start.path)}`;
      starts.set(at, start);
    }
    return start;
  };
  const loc = (r: ItemRow) => {
    const start = startOf(r.type, r.lang_id);
    return start
      ? `${start.path}${encodeURIComponent(r.key)}`
      : `${base}${publicPath(site, contentKind(r.type), r.key, r.lang_id)}`;
  };
  const entry = (r: ItemRow, alternates: [string, string][] | undefined): string => {
    const start = startOf(r.type, r.lang_id);
    if (!start || alternates) return urlEntry({ loc: loc(r), lastmod: r.lastmod, alternates });
    const tail = encodeURIComponent(r.key);
    return `${start.open}${tail.includes("'") ? escapeXml(tail) : tail}</loc><lastmod>${r.lastmod}</lastmod></url>`;
  };
  return { loc, entry };
}

/**
 * One batch of items with ids in (after, until], by id. Plain SQL, its rows taken as they come (no query builder or
 * row mapping for 50,000 rows a part).
 */
async function itemRows(
  deps: FeedDeps,
  site: FeedSite,
  langs: number[],
  after: number,
  until: number,
): Promise<ItemRow[]> {
  return rowsOf<ItemRow>(
    await deps.db.execute(sql`
      SELECT ${contents.id} AS id, ${langs.length > 1 ? contents.uuid : sql`''`} AS uuid, ${contents.type} AS type,
        ${contents.langId} AS lang_id, coalesce(nullif(${contents.slug}, ''), ${contents.id}::text) AS key,
        ${sitemapItem.lastmod} AS lastmod
      FROM ${contents}
      WHERE ${and(listedIn(site.id, langs), gt(contents.id, after), lte(contents.id, until))}
      ORDER BY ${contents.id} ASC
      LIMIT ${SITEMAP_BATCH}`),
  );
}

/** The `<url>` entries of a batch, each ending in a newline, with their hreflang alternates. */
async function batchXml(
  deps: FeedDeps,
  site: FeedSite,
  base: string,
  langs: number[],
  rows: ItemRow[],
): Promise<string> {
  const writer = itemWriter(site, base);
  // An item's languages share its uuid; they may lie in other parts: read them for this batch's uuids.
  const groups = new Map<string, { langId: number; loc: string }[]>();
  if (langs.length > 1 && rows.length) {
    const siblings = rowsOf<ItemRow>(
      await deps.db.execute(sql`
        SELECT ${contents.id} AS id, ${contents.uuid} AS uuid, ${contents.type} AS type, ${contents.langId} AS lang_id,
          coalesce(nullif(${contents.slug}, ''), ${contents.id}::text) AS key
        FROM ${contents}
        WHERE ${and(listedIn(site.id, langs), inArray(contents.uuid, [...new Set(rows.map((r) => r.uuid))]))}`),
    );
    for (const r of siblings) {
      const group = groups.get(r.uuid) ?? [];
      group.push({ langId: r.lang_id, loc: writer.loc(r) });
      groups.set(r.uuid, group);
    }
  }
  let xml = '';
  for (const r of rows) {
    const group = groups.get(r.uuid);
    xml += `${writer.entry(r, group && alternatesOf(langs, group))}\n`;
  }
  return xml;
}

/**
 * The urlset of `head` and of the items with ids in (from, until], streamed batch by batch; the next batch is read
 * while this one is written (the database and this process work at the same time).
 */
async function* urlsetChunks(
  deps: FeedDeps,
  site: FeedSite,
  base: string,
  langs: number[],
  head: SitemapUrl[],
  range: { from: number; until: number } | null,
  first?: ItemRow[],
): AsyncGenerator<string> {
  yield URLSET_OPEN;
  if (head.length) yield `${head.map(urlEntry).join('\n')}\n`;
  if (range) {
    let rows = first ?? (await itemRows(deps, site, langs, range.from, range.until));
    while (rows.length) {
      const last = (rows.at(-1) as ItemRow).id;
      const next =
        rows.length < SITEMAP_BATCH || last >= range.until
          ? undefined
          : itemRows(deps, site, langs, last, range.until);
      // Awaited below; a reply abandoned meanwhile must not leave it rejected unhandled.
      next?.catch(() => undefined);
      yield await batchXml(deps, site, base, langs, rows);
      if (!next) break;
      rows = await next;
    }
  }
  yield URLSET_CLOSE;
}

/** Ids of part n ≥ 1: (from, until]. */
const partRange = (part: number, partSize: number) => ({
  from: (part - 1) * partSize,
  until: Math.min(part * partSize, INT_MAX),
});

/** Ids are PostgreSQL integers. */
const INT_MAX = 2_147_483_647;

/** The parts holding items (n ≥ 1): one index seek per block of `partSize` ids that holds one. */
async function itemParts(
  deps: FeedDeps,
  siteId: number,
  langs: number[],
  partSize: number,
): Promise<number[]> {
  const cond = listedIn(siteId, langs);
  const result = await deps.db.execute<{ n: number | string }>(sql`
    WITH RECURSIVE block(n) AS (
      SELECT (SELECT (${contents.id} - 1) / ${partSize} FROM ${contents} WHERE ${cond} ORDER BY ${contents.id} LIMIT 1)
      UNION ALL
      SELECT (SELECT (${contents.id} - 1) / ${partSize} FROM ${contents}
              WHERE ${cond} AND ${contents.id} > (block.n + 1)::bigint * ${partSize} ORDER BY ${contents.id} LIMIT 1)
      FROM block WHERE block.n IS NOT NULL
    )
    SELECT n FROM block WHERE n IS NOT NULL`);
  const rows = rowsOf<{ n: number | string }>(result);
  return rows.map((r) => Number(r.n) + 1);
}

/** What /sitemap.xml answers: the whole urlset (a site within one part), or the index of the parts. */
export type SitemapAnswer =
  | { kind: 'urlset'; chunks: AsyncIterable<string> }
  | { kind: 'index'; xml: string };

export async function sitemapRoot(
  deps: FeedDeps,
  site: FeedSite,
  base: string,
  partSize = SITEMAP_MAX_URLS,
): Promise<SitemapAnswer> {
  const langs = siteLanguages(site);
  // The items first, counted only up to one part (an index-only walk of at most partSize + 1 entries): a large site
  // is an index at once, without reading its labels (sitemap-0.xml reads them).
  const items = langs.length
    ? Number(
        (
          await deps.db.select({ n: sql<number>`count(*)::int` }).from(
            deps.db
              .select({ one: sql`1`.as('one') })
              .from(contents)
              .where(listedIn(site.id, langs))
              .limit(partSize + 1)
              .as('upto'),
          )
        )[0]?.n ?? 0,
      )
    : 0;
  const head = items <= partSize ? await siteUrls(deps, site, base, langs, partSize + 1) : [];
  const fits = items <= partSize && head.length + items <= partSize;
  if (fits) {
    const range = langs.length ? { from: 0, until: INT_MAX } : null;
    return { kind: 'urlset', chunks: urlsetChunks(deps, site, base, langs, head, range) };
  }
  const parts = [0, ...(langs.length ? await itemParts(deps, site.id, langs, partSize) : [])];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map((n) => `<sitemap>${element('loc', `${base}/sitemap-${n}.xml`)}</sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
  return { kind: 'index', xml };
}

/**
 * Part `part` of the sitemap, streamed: 0 the site's own addresses, n ≥ 1 the items of the n-th block of ids; null
 * when it holds nothing (a 404), known from its first batch, read before answering.
 */
export async function sitemapPart(
  deps: FeedDeps,
  site: FeedSite,
  base: string,
  part: number,
  partSize = SITEMAP_MAX_URLS,
): Promise<AsyncIterable<string> | null> {
  const langs = siteLanguages(site);
  if (part === 0) {
    const head = await siteUrls(deps, site, base, langs, partSize);
    return urlsetChunks(deps, site, base, langs, head, null);
  }
  const range = partRange(part, partSize);
  if (!langs.length || range.from >= INT_MAX) return null;
  const first = await itemRows(deps, site, langs, range.from, range.until);
  if (!first.length) return null;
  return urlsetChunks(deps, site, base, langs, [], range, first);
}

/**
 * A selling site's /shop and its online products, when it has any (in the default language: goods have no
 * languages of their own).
 */
async function shopUrls(
  deps: FeedDeps,
  site: FeedSite,
  base: string,
  langId: number | undefined,
  room: number,
) {
  if (room <= 0 || langId === undefined || !(await sellsShop(deps.db, site))) return [];
  const rows = await deps.db
    .select({ id: goods.id, slug: goods.slug, updatedAt: goods.updatedAt })
    .from(goods)
    .where(and(eq(goods.siteId, site.id), eq(goods.status, 'online')))
    .orderBy(desc(goods.updatedAt), desc(goods.id))
    .limit(room - 1);
  if (rows.length === 0) return [];
  return [
    { loc: `${base}${publicPath(site, 'shop', '', langId)}` },
    ...rows.map((r) => ({
      loc: `${base}${publicPath(site, 'goods', r.slug || r.id, langId)}`,
      lastmod: r.updatedAt.toISOString(),
    })),
  ];
}

/**
 * RSS 2.0 of a language: its latest 20 published posts and e-papers, each with its title, address, publication
 * date, abstract (never the content) and cover.
 */
export async function rssXml(deps: FeedDeps, site: FeedSite, base: string, langId: number): Promise<string> {
  const rows = await deps.db
    .select({
      id: contents.id,
      type: contents.type,
      slug: contents.slug,
      publishTs: contents.publishTs,
      title: sql<string>`${contents.published}->>'title'`,
      abstract: sql<string>`${contents.published}->>'abstract'`,
      cover: sql<string>`${contents.published}->>'cover'`,
    })
    .from(contents)
    .where(
      and(
        visible(site.id),
        inArray(contents.type, [CONTENT_TYPE.post, CONTENT_TYPE.epaper]),
        eq(contents.langId, langId),
        isNotNull(contents.publishTs),
      ),
    )
    .orderBy(desc(contents.publishTs), desc(contents.id))
    .limit(RSS_ITEMS);

  const media = mediaUrlOf(deps.config);
  const home = `${base}${publicPath(site, 'index', '', langId)}`;
  const self = `${base}${langPrefix(site, langId)}/rss.xml`;
  const items = rows.map((r) => {
    const link = `${base}${publicPath(site, contentKind(r.type), r.slug || r.id, langId)}`;
    const cover = media(r.cover ?? '');
    return [
      '<item>',
      element('title', r.title ?? ''),
      element('link', link),
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      r.publishTs ? element('pubDate', rfc822Date(r.publishTs)) : '',
      element('description', r.abstract ?? ''),
      cover ? `<media:content url="${escapeXml(cover)}" medium="image"/>` : '',
      '</item>',
    ].join('');
  });
  const newest = rows[0]?.publishTs;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    element('title', site.name),
    element('link', home),
    element('description', site.description || site.seo.description || site.name),
    element('language', langCode(langId)),
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [element('lastBuildDate', rfc822Date(newest))] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled and the sitemap is named; an unpublished site keeps every crawler out. */
export function robotsTxt(site: Pick<SiteRow, 'published'>, base: string): string {
  // sitemap.xml is the index of the parts (or, for a site within one part, that part itself).
  return site.published
    ? `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`
    : 'User-agent: *\nDisallow: /\n';
}
