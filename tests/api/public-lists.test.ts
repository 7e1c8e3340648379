/**
 * The public lists and sitemap at scale (issue 31): category, tag and author pages addressed by number give the
 * list's items in order on every page, their next/previous links (keyset cursors) give the same pages, a cursor that
 * is not the list's falls back to the page's number; a list past LIST_COUNT_EXACT_MAX shows an estimated total and
 * its deep pages still answer. The sitemap with a small part size is an index whose parts together hold exactly the
 * addresses of the single sitemap, each part within the size, well-formed and escaped; robots.txt names the index.
 */
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_EXACT_MAX } from '../../contract/publicLists';
import { sites } from '../../server/modules/tables';
import { bumpRender } from '../../server/modules/tenancy/invalidate';
import { siteUrl } from '../../server/modules/tenancy/sites';
import { MONTHS_FROM_OFFSET } from '../../server/public/content/listMonths';
import { sitemapXml } from '../../server/public/feeds';
import { FIXTURE_THEME, themeFolder } from '../fixtures/publicSite';
import { createTestApp, signInOwner, type TestApp } from '../fixtures/testApp';

const HOST = 'demo.sites.localhost:8080';
const PART = 400;
/** The fixture theme's list template prints the page's slugs and its pagination. */
const LIST =
  '<ol>{% for a in collection.articles %}<li>{{ a.url | split: "/" | last }}</li>{% endfor %}</ol>' +
  '<p id="p">{{ collection.pagination.page }}|{{ collection.pagination.pages }}|{{ collection.pagination.total }}|' +
  '{{ collection.pagination.estimated }}</p>' +
  '<a id="prev" href="{{ collection.pagination.prev_url }}"></a><a id="next" href="{{ collection.pagination.next_url }}"></a>';

const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: new () => DOMParser } };
};
function parse(xml: string): Document {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror').length, xml.slice(0, 500)).toBe(0);
  return doc;
}
const texts = (doc: Document, tag: string) =>
  [...doc.getElementsByTagName(tag)].map((e) => e.textContent ?? '');

let t: TestApp;
let siteId: number;
let base: string;
const order: Record<string, string[]> = {};
let smallCat = 0;
/** The small list's tag and author (s-), and the long list's (b-). */
const tagId: Record<string, number> = {};
const authorId: Record<string, number> = {};

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { host: HOST } });
const exec = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** A list page: its slugs, pagination and links (paths from the site root). */
async function listPage(url: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  const body = res.body;
  const [page, pages, total, exact] = (/<p id="p">([^<]*)<\/p>/.exec(body)?.[1] ?? '').split('|');
  const link = (id: string) => {
    const href = new RegExp(`<a id="${id}" href="([^"]*)"`).exec(body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    return href ? href.slice(base.length) || '/' : '';
  };
  return {
    slugs: [...body.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]),
    page: Number(page),
    pages: Number(pages),
    total: Number(total),
    exact: exact !== 'true',
    prev: link('prev'),
    next: link('next'),
  };
}

/** `n` listed items (and some that are not) in category `cat`, tagged and bylined; publication times with ties. */
async function insertItems(prefix: string, n: number, cat: number, labels: boolean) {
  await exec(sql`
    INSERT INTO contents (site_id, uuid, type, lang_id, slug, title, body, seo, category_id, status, publish_ts, published)
    SELECT ${siteId}, gen_random_uuid(), CASE WHEN i % 7 = 0 THEN 4 ELSE 1 END, CASE WHEN i % 11 = 0 THEN 3 ELSE 1 END,
      ${prefix} || i, 'T' || i, '{"blocks":[]}'::jsonb, '{"title":"","content":""}'::jsonb, ${cat},
      CASE WHEN i % 13 = 0 THEN 0 ELSE 1 END,
      timestamptz '2026-01-01' + ((i / 3) || ' hours')::interval,
      CASE WHEN i % 13 = 0 THEN NULL ELSE jsonb_build_object('title', 'T' || i) END
    FROM generate_series(1, ${n}) AS i`);
  if (labels) {
    await exec(sql`INSERT INTO content_tags (content_id, tag_id)
      SELECT id, ${tagId[prefix]} FROM contents WHERE site_id = ${siteId} AND slug LIKE ${`${prefix}%`}`);
    await exec(sql`INSERT INTO content_authors (content_id, author_id, sort)
      SELECT id, ${authorId[prefix]}, 0 FROM contents WHERE site_id = ${siteId} AND slug LIKE ${`${prefix}%`}`);
  }
  // What the list shows: published zh-TW posts and e-papers, newest first, then the higher id.
  const rows = await exec<{ slug: string }>(sql`
    SELECT slug FROM contents WHERE site_id = ${siteId} AND slug LIKE ${`${prefix}%`} AND status = 1 AND lang_id = 1
    ORDER BY publish_ts DESC, id DESC`);
  order[prefix] = rows.map((r) => r.slug);
}

beforeAll(async () => {
  t = await createTestApp({
    publicSite: {
      builtinThemeDir: await themeFolder({ ...FIXTURE_THEME, 'templates/list.liquid': LIST }),
      sitemapPartUrls: PART,
    },
  });
  ({ demoSiteId: siteId } = await signInOwner(t));
  await t.database.db
    .update(sites)
    .set({ published: true, displayLanguages: [1, 3] })
    .where(eq(sites.id, siteId));
  base = siteUrl((await t.database.db.select().from(sites).where(eq(sites.id, siteId)))[0], t.config);
  const one = async <T>(q: ReturnType<typeof sql>) => (await exec<T>(q))[0];
  smallCat = (
    await one<{ id: number }>(
      sql`INSERT INTO categories (site_id, name, slug) VALUES (${siteId}, '小類', 'small') RETURNING id`,
    )
  ).id;
  const bigCat = (
    await one<{ id: number }>(
      sql`INSERT INTO categories (site_id, name, slug) VALUES (${siteId}, '大類', 'big') RETURNING id`,
    )
  ).id;
  for (const prefix of ['s-', 'b-']) {
    tagId[prefix] = (
      await one<{ id: number }>(
        sql`INSERT INTO tags (site_id, name, slug) VALUES (${siteId}, ${`標籤${prefix}`}, ${`tag-${prefix}`}) RETURNING id`,
      )
    ).id;
    authorId[prefix] = (
      await one<{ id: number }>(
        sql`INSERT INTO authors (site_id, name) VALUES (${siteId}, ${`作者${prefix}`}) RETURNING id`,
      )
    ).id;
  }
  await insertItems('s-', 40, smallCat, true);
  await insertItems('b-', Math.ceil(LIST_COUNT_EXACT_MAX * 1.3), bigCat, true);
  // An item whose slug XML must escape, in two languages (hreflang alternates across parts).
  await exec(sql`
    INSERT INTO contents (site_id, uuid, type, lang_id, slug, title, body, seo, status, publish_ts, published)
    SELECT ${siteId}, '00000000-0000-4000-8000-000000000031', 1, l, 'q&a<"x">''', 'Q', '{"blocks":[]}'::jsonb,
      '{"title":"","content":""}'::jsonb, 1, now(), '{"title":"Q"}'::jsonb
    FROM unnest(ARRAY[1, 3]) AS l`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const pagesOf = (list: string[]) =>
  Array.from({ length: Math.ceil(list.length / 10) }, (_, i) => list.slice(i * 10, i * 10 + 10));

describe('category, tag and author pages', () => {
  for (const [kind, path] of [
    ['category', '/category/small'],
    ['tag', () => `/tag/tag-s-`],
    ['author', () => `/author/${authorId['s-']}`],
  ] as const) {
    it(`${kind}: every numbered page holds its slice of the list, in order, with an exact total`, async () => {
      const at = typeof path === 'function' ? path() : path;
      const expected = pagesOf(order['s-']);
      for (const [i, slice] of expected.entries()) {
        const page = await listPage(i === 0 ? at : `${at}?page=${i + 1}`);
        expect(page.slugs, `page ${i + 1}`).toEqual(slice);
        expect([page.page, page.pages, page.total, page.exact]).toEqual([
          i + 1,
          expected.length,
          order['s-'].length,
          true,
        ]);
      }
      expect((await get(`${at}?page=${expected.length + 1}`)).statusCode).toBe(404);
    });

    it(`${kind}: next links walk the same pages, and previous links walk back`, async () => {
      const at = typeof path === 'function' ? path() : path;
      const expected = pagesOf(order['s-']);
      let url = at;
      const seen: string[][] = [];
      const urls: string[] = [];
      for (;;) {
        const page = await listPage(url);
        seen.push(page.slugs);
        urls.push(url);
        if (!page.next) break;
        // A short list's links are plain numbers.
        expect(page.next).toMatch(new RegExp(`\\?page=${page.page + 1}$`));
        url = page.next;
      }
      expect(seen).toEqual(expected);
      const back: string[][] = [];
      for (;;) {
        const page = await listPage(url);
        back.unshift(page.slugs);
        if (!page.prev) break;
        url = page.prev;
      }
      expect(back).toEqual(expected);
      expect(url).toBe(at);
    });
  }

  it('falls back to the number for a cursor not in the list, and refuses malformed ones', async () => {
    const expected = pagesOf(order['b-']);
    const [foreign] = await exec<{ id: number }>(sql`SELECT id FROM contents WHERE slug = 's-1'`);
    expect((await listPage(`/category/big?page=3&after=${foreign.id}`)).slugs).toEqual(expected[2]);
    expect((await listPage(`/category/big?page=2&before=2000000000`)).slugs).toEqual(expected[1]);
    for (const q of [
      'page=1&after=5',
      'page=2&after=0',
      'page=2&after=x',
      'page=2&after=1&before=2',
      'page=2&after=99999999999',
    ])
      expect((await get(`/category/big?${q}`)).statusCode, q).toBe(404);
  });

  for (const [kind, path] of [
    ['category', () => '/category/big'],
    ['tag', () => '/tag/tag-b-'],
    ['author', () => `/author/${authorId['b-']}`],
  ] as const) {
    it(`${kind}: a long list's next and previous links carry a cursor and give the numbered pages' items`, async () => {
      const expected = pagesOf(order['b-']);
      const deep = expected.length - 8;
      let page = await listPage(`${path()}?page=${deep}`);
      expect(page.slugs).toEqual(expected[deep - 1]);
      for (let n = deep + 1; n <= expected.length; n++) {
        expect(page.next).toMatch(new RegExp(`\\?page=${n}&after=\\d+$`));
        page = await listPage(page.next);
        expect([page.page, page.slugs]).toEqual([n, expected[n - 1]]);
      }
      expect(page.next).toBe('');
      for (let n = expected.length - 1; n >= deep - 2; n--) {
        expect(page.prev).toMatch(new RegExp(`\\?page=${n}&before=\\d+$`));
        page = await listPage(page.prev);
        expect([page.page, page.slugs]).toEqual([n, expected[n - 1]]);
      }
    });
  }

  it('counts a long category exactly, estimates a long tag, and answers deep pages by number and by cursor alike', async () => {
    const list = order['b-'];
    const first = await listPage('/category/big');
    // A category's months hold its length at any size; a tag's list past LIST_COUNT_EXACT_MAX is estimated.
    expect([first.exact, first.total, first.pages]).toEqual([true, list.length, Math.ceil(list.length / 10)]);
    expect(list.length).toBeGreaterThan(LIST_COUNT_EXACT_MAX);
    expect(first.next).toMatch(/\?page=2&after=\d+$/);
    const tagged = await listPage('/tag/tag-b-');
    expect(tagged.exact).toBe(false);
    expect(tagged.total).toBeGreaterThan(LIST_COUNT_EXACT_MAX);
    const deep = Math.floor(list.length / 10) - 3;
    const byNumber = await listPage(`/category/big?page=${deep}`);
    expect(byNumber.slugs).toEqual(list.slice((deep - 1) * 10, deep * 10));
    const byCursor = await listPage(byNumber.next);
    expect(byCursor.slugs).toEqual(list.slice(deep * 10, deep * 10 + 10));
    expect(byCursor.page).toBe(deep + 1);
    const lastNo = Math.ceil(list.length / 10);
    const last = await listPage(`/category/big?page=${lastNo}`);
    expect(last.slugs).toEqual(list.slice((lastNo - 1) * 10));
    expect([last.next, last.pages, last.total]).toEqual(['', lastNo, list.length]);
    expect((await get(`/category/big?page=${lastNo + 1}`)).statusCode).toBe(404);
  });
});

describe('the sitemap index and its parts', () => {
  it('lists parts that together hold exactly the single sitemap’s addresses, each within the part size', async () => {
    const site = (await t.database.db.select().from(sites).where(eq(sites.id, siteId)))[0];
    const singleXml = await sitemapXml({ db: t.database.db, config: t.config }, site, base, 1e9);
    const single = texts(parse(singleXml), 'loc');
    const entries = (xml: string) => xml.match(/<url>.*?<\/url>/g) ?? [];
    const allEntries: string[] = [];
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parse(index.body);
    expect(doc.documentElement.tagName).toBe('sitemapindex');
    const parts = texts(doc, 'loc');
    expect(parts[0]).toBe(`${base}/sitemap-0.xml`);
    expect(parts.length).toBeGreaterThan(Math.ceil(single.length / PART));
    const all: string[] = [];
    for (const part of parts) {
      const res = await get(new URL(part).pathname);
      expect(res.statusCode, part).toBe(200);
      const locs = texts(parse(res.body), 'loc');
      expect(locs.length, part).toBeLessThanOrEqual(PART);
      expect(locs.length, part).toBeGreaterThan(0);
      all.push(...locs);
      allEntries.push(...entries(res.body));
    }
    expect(all.length).toBe(single.length);
    expect(new Set(all)).toEqual(new Set(single));
    // Byte for byte the single sitemap's entries (lastmod, alternates and escaping written the same way).
    expect(allEntries.sort()).toEqual(entries(singleXml).sort());
    // Escaped, and its language named across parts.
    const escaped = `${base}/post/${encodeURIComponent(`q&a<"x">'`)}`;
    expect(all).toContain(escaped);
    const part = await get(new URL(parts.at(-1) as string).pathname);
    expect(part.body).toContain('hreflang="en"');
    // Again, from the cache: the same body.
    expect((await get(new URL(parts.at(-1) as string).pathname)).body).toBe(part.body);
  });

  it('answers 404 for a part holding nothing or a malformed one, and HEAD without a body', async () => {
    for (const p of ['/sitemap-999999.xml', '/sitemap-01.xml', '/sitemap-x.xml', '/sitemap-1234567890.xml'])
      expect((await get(p)).statusCode, p).toBe(404);
    const head = await get('/sitemap-1.xml', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await get('/sitemap-1.xml')).body).toContain('<urlset');
  });

  it('robots.txt names the index', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});

describe('tag and author lists follow their items', () => {
  /** Link rows whose copy of their item (migration link_listing's triggers) differs from the item. */
  const stale = () =>
    exec<{ id: number }>(sql`
      SELECT l.content_id AS id FROM content_tags l JOIN contents c ON c.id = l.content_id
      WHERE (l.site_id, l.lang_id, l.type, l.publish_ts, l.listed)
        IS DISTINCT FROM (c.site_id, c.lang_id, c.type, c.publish_ts, c.status = 1 AND c.published IS NOT NULL)
      UNION ALL
      SELECT l.content_id FROM content_authors l JOIN contents c ON c.id = l.content_id
      WHERE (l.site_id, l.lang_id, l.type, l.publish_ts, l.listed)
        IS DISTINCT FROM (c.site_id, c.lang_id, c.type, c.publish_ts, c.status = 1 AND c.published IS NOT NULL)`);
  const listed = async () =>
    (
      await exec<{ slug: string }>(sql`
        SELECT slug FROM contents WHERE site_id = ${siteId} AND slug LIKE 's-%' AND status = 1
          AND published IS NOT NULL AND lang_id = 1 ORDER BY publish_ts DESC, id DESC`)
    ).map((r) => r.slug);
  const whole = async (at: string) => {
    const slugs: string[] = [];
    for (let url = at; url; ) {
      const page = await listPage(url);
      slugs.push(...page.slugs);
      url = page.next;
    }
    return slugs;
  };

  it('as their items are taken offline, re-dated, moved to another language or published again', async () => {
    const before = await exec<Record<string, unknown>>(sql`
      SELECT id, status, publish_ts, lang_id, published FROM contents
      WHERE site_id = ${siteId} AND slug IN ('s-2', 's-3', 's-4', 's-5')`);
    await exec(sql`UPDATE contents SET status = 0 WHERE site_id = ${siteId} AND slug = 's-2'`);
    await exec(sql`UPDATE contents SET publish_ts = '2030-01-01' WHERE site_id = ${siteId} AND slug = 's-3'`);
    await exec(sql`UPDATE contents SET lang_id = 3 WHERE site_id = ${siteId} AND slug = 's-4'`);
    await exec(sql`UPDATE contents SET published = NULL WHERE site_id = ${siteId} AND slug = 's-5'`);
    await bumpRender(t.database.db, siteId);
    expect(await stale()).toEqual([]);
    const now = await listed();
    expect(now[0]).toBe('s-3');
    expect(now).not.toContain('s-2');
    for (const at of ['/tag/tag-s-', `/author/${authorId['s-']}`]) expect(await whole(at), at).toEqual(now);

    for (const row of before)
      await exec(sql`UPDATE contents SET status = ${row.status}, publish_ts = ${row.publish_ts}, lang_id = ${row.lang_id},
        published = ${row.published === null ? null : JSON.stringify(row.published)}::jsonb WHERE id = ${row.id}`);
    await bumpRender(t.database.db, siteId);
    expect(await stale()).toEqual([]);
    expect(await listed()).toEqual(order['s-']);
    for (const at of ['/tag/tag-s-', `/author/${authorId['s-']}`])
      expect(await whole(at), at).toEqual(order['s-']);
  });
});

describe('a category counted and paged by its months (content_list_months)', () => {
  /** Month counts that differ from what contents holds (the triggers of migration content_list_months keep them). */
  const stale = () =>
    exec<Record<string, unknown>>(sql`
      WITH truth AS (
        SELECT site_id, lang_id, type, coalesce(category_id, 0) AS category_id,
          content_list_month_end(publish_ts) AS month_end, count(*)::int AS n
        FROM contents WHERE status = 1 AND published IS NOT NULL GROUP BY 1, 2, 3, 4, 5)
      SELECT t.*, m.n AS kept FROM truth t
        FULL JOIN content_list_months m USING (site_id, lang_id, type, category_id, month_end)
      WHERE t.n IS DISTINCT FROM m.n`);
  /** The big category's list now, and the offsets where a month (UTC) begins in it. */
  const bigList = async () => {
    const rows = await exec<{ slug: string; month: string | null }>(sql`
      SELECT c.slug, to_char(c.publish_ts AT TIME ZONE 'UTC', 'YYYY-MM') AS month FROM contents c
      JOIN categories k ON k.id = c.category_id AND k.slug = 'big'
      WHERE c.site_id = ${siteId} AND c.status = 1 AND c.published IS NOT NULL AND c.lang_id = 1 AND c.type IN (1, 4)
      ORDER BY c.publish_ts DESC NULLS FIRST, c.id DESC`);
    const starts = rows.flatMap((r, i) => (i > 0 && r.month !== rows[i - 1].month ? [i] : []));
    return { slugs: rows.map((r) => r.slug), starts };
  };
  /**
   * Pages by number around every month's start and inside each month (read by the months past MONTHS_FROM_OFFSET),
   * and the last.
   */
  const expectDeepPages = async () => {
    await bumpRender(t.database.db, siteId);
    const { slugs, starts } = await bigList();
    expect(starts.filter((s) => s >= MONTHS_FROM_OFFSET).length).toBeGreaterThan(0);
    const last = Math.ceil(slugs.length / 10);
    // The total is the months' sum: exact after every change.
    expect(await listPage('/category/big')).toMatchObject({ exact: true, total: slugs.length, pages: last });
    const numbers = new Set([last]);
    for (const s of starts) for (const d of [-1, 0, 1]) numbers.add(Math.floor(s / 10) + 1 + d);
    // Pages inside a month's first and second halves (the second read from the month's start, backwards).
    for (const [i, s] of starts.entries())
      for (const at of [0.3, 0.7])
        numbers.add(Math.floor((s + at * ((starts[i + 1] ?? slugs.length) - s)) / 10) + 1);
    for (const n of [...numbers].filter((k) => k >= 1 && k <= last)) {
      const page = await listPage(`/category/big?page=${n}`);
      expect(page.slugs, `page ${n}`).toEqual(slugs.slice((n - 1) * 10, n * 10));
    }
    expect((await get(`/category/big?page=${last + 1}`)).statusCode).toBe(404);
    expect((await get('/category/big?page=5000')).statusCode).toBe(404);
  };

  it('gives the exact total and every page its slice of the list, the months kept exact as items change', async () => {
    expect(await stale()).toEqual([]);
    await expectDeepPages();

    // Items re-dated into another month, taken offline, unpublished, moved to another language or category,
    // deleted; a category deleted under its items (category_id set NULL); several rows in one statement.
    const b = (i: number) => `b-${i}`;
    await exec(sql`UPDATE contents SET publish_ts = publish_ts - interval '40 days'
      WHERE site_id = ${siteId} AND slug IN (${sql.join([200, 201, 202, 5001].map(b), sql`, `)})`);
    await exec(sql`UPDATE contents SET status = 0 WHERE site_id = ${siteId} AND slug IN ('b-300', 'b-7000')`);
    await exec(sql`UPDATE contents SET published = NULL WHERE site_id = ${siteId} AND slug = 'b-8000'`);
    await exec(sql`UPDATE contents SET lang_id = 3 WHERE site_id = ${siteId} AND slug = 'b-9001'`);
    await exec(
      sql`UPDATE contents SET category_id = ${smallCat} WHERE site_id = ${siteId} AND slug = 'b-10000'`,
    );
    await exec(sql`DELETE FROM contents WHERE site_id = ${siteId} AND slug IN ('b-400', 'b-401', 'b-11000')`);
    await exec(sql`UPDATE contents SET publish_ts = NULL WHERE site_id = ${siteId} AND slug = 'b-12000'`);
    const [{ id: gone }] = await exec<{ id: number }>(
      sql`INSERT INTO categories (site_id, name, slug) VALUES (${siteId}, '暫時', 'gone') RETURNING id`,
    );
    await exec(
      sql`UPDATE contents SET category_id = ${gone} WHERE site_id = ${siteId} AND slug IN ('b-601', 'b-602')`,
    );
    expect(await stale()).toEqual([]);
    await exec(sql`DELETE FROM categories WHERE id = ${gone}`);
    expect(await stale()).toEqual([]);
    // Published again: back in its month.
    await exec(sql`UPDATE contents SET status = 1 WHERE site_id = ${siteId} AND slug = 'b-7000'`);
    expect(await stale()).toEqual([]);
    await expectDeepPages();
  });
});
