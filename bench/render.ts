import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { sites } from '../server/modules/tables';
import { bumpRender } from '../server/modules/tenancy/invalidate';
import { siteUrl } from '../server/modules/tenancy/sites';
import { rssXml, SITEMAP_MAX_URLS, sitemapXml } from '../server/public/feeds';
import { prepareDatabase } from '../server/seed';
import { freshDatabase, type Timing, time, usePglite } from './lib';

const seedOnly = process.argv.includes('--seed-only');
const ITEMS = Number(process.env.BENCH_ITEMS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);
/** A 50,000-address sitemap is megabytes: fewer runs of it. */
const SITEMAP_RUNS = Number(process.env.BENCH_SITEMAP_RUNS || 20);
const CATEGORIES = 20;
const TAGS = 200;
const AUTHORS = 50;

type Db = Awaited<ReturnType<typeof freshDatabase>>['database']['db'];
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The demo site, published, with its own authors, categories (half the articles in the first, so that its page 500
 * exists at any page size up to 100) and tags, and ITEMS published articles: slug post-<n>, three paragraphs, a
 * published snapshot, one author, a category and two tags each, one a minute back from now.
 */
async function seed(db: Db): Promise<number> {
  const [site] = await rows<{ id: number }>(db, sql`SELECT id FROM sites WHERE slug = 'demo'`);
  await db.update(sites).set({ published: true }).where(eq(sites.id, site.id));
  await db.execute(sql`
    INSERT INTO authors (site_id, name, title)
    SELECT ${site.id}, '作者 ' || i, '記者' FROM generate_series(1, ${AUTHORS}) AS i`);
  await db.execute(sql`
    INSERT INTO categories (site_id, name, slug, langs, sort)
    SELECT ${site.id}, '分類 ' || i, 'bench-cat-' || i,
      jsonb_build_array(jsonb_build_object('lang_id', 1, 'title', '分類 ' || i, 'cover', '')), i
    FROM generate_series(1, ${CATEGORIES}) AS i`);
  await db.execute(sql`
    INSERT INTO tags (site_id, name, slug, langs)
    SELECT ${site.id}, '標籤 ' || i, 'bench-tag-' || i,
      jsonb_build_array(jsonb_build_object('lang_id', 1, 'title', '標籤 ' || i, 'cover', ''))
    FROM generate_series(1, ${TAGS}) AS i`);
  const ids = async (table: string, prefix: string) =>
    `{${(
      await rows<{ id: number }>(
        db,
        sql`SELECT id FROM ${sql.identifier(table)} WHERE site_id = ${site.id} AND ${sql.raw(prefix)} ORDER BY id`,
      )
    )
      .map((r) => r.id)
      .join(',')}}`;
  const categoryIds = await ids('categories', `slug LIKE 'bench-cat-%'`);
  const tagIds = await ids('tags', `slug LIKE 'bench-tag-%'`);
  const authorIds = await ids('authors', `name LIKE '作者 %'`);

  const paragraph = '臺灣的山林步道四通八達，從平地的郊山到三千公尺的高山都有，四季各有風景。';
  await db.execute(sql`
    INSERT INTO contents (site_id, uuid, type, lang_id, slug, title, subtitle, body, abstract, reading_time, cover,
      seo, category_id, status, publish_ts, published, created_at, updated_at)
    SELECT ${site.id}, gen_random_uuid(), 1, 1, 'post-' || i, t.title, '副標題', t.body, t.abstract, 1,
      '/uploads/1/cover.jpg', '{"title":"","content":""}'::jsonb,
      CASE WHEN i % 2 = 0 THEN cats[1] ELSE cats[2 + i % (array_length(cats, 1) - 1)] END,
      1, t.at, jsonb_build_object('title', t.title, 'subtitle', '副標題', 'content', t.body,
        'cover', '/uploads/1/cover.jpg', 'abstract', t.abstract, 'seo', '{"title":"","content":""}'::jsonb),
      t.at, t.at
    FROM generate_series(1, ${ITEMS}) AS i,
      LATERAL (SELECT ${categoryIds}::int[] AS cats) AS c,
      LATERAL (SELECT
        '文章 ' || i || ' ' || (ARRAY['臺北市的天氣','人工智慧的未來','咖啡文化散步','阿里山登山步道','電動車充電站'])[1 + i % 5]
          AS title,
        jsonb_build_object('blocks', jsonb_build_array(
          jsonb_build_object('type', 'paragraph', 'data', jsonb_build_object('text', ${paragraph}::text || i)),
          jsonb_build_object('type', 'paragraph', 'data', jsonb_build_object('text', ${paragraph}::text)),
          jsonb_build_object('type', 'paragraph', 'data', jsonb_build_object('text', ${paragraph}::text)))) AS body,
        left(${paragraph}::text || i, 120) AS abstract,
        now() - (i || ' minutes')::interval AS at) AS t`);
  await db.execute(sql`
    INSERT INTO content_tags (content_id, tag_id)
    SELECT c.id, t.tags[1 + (c.id + k) % array_length(t.tags, 1)]
    FROM contents c, LATERAL (SELECT ${tagIds}::int[] AS tags) AS t, generate_series(0, 1) AS k
    WHERE c.site_id = ${site.id} AND c.slug LIKE 'post-%'`);
  await db.execute(sql`
    INSERT INTO content_authors (content_id, author_id, sort)
    SELECT c.id, a.authors[1 + c.id % array_length(a.authors, 1)], 0
    FROM contents c, LATERAL (SELECT ${authorIds}::int[] AS authors) AS a
    WHERE c.site_id = ${site.id} AND c.slug LIKE 'post-%'`);
  await db.execute(sql`ANALYZE`);
  return site.id;
}

const { database, drop } = await freshDatabase('render');
const db = database.db;
const config = { ...loadConfig({}), distDir: '/nonexistent' };
const results: [string, Timing][] = [];
const f = (n: number) => n.toFixed(1);

try {
  await prepareDatabase(db, { seed: true, adminEmail: 'owner@example.com', adminPassword: 'bench-pass-1' });
  let start = performance.now();
  const siteId = await seed(db);
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  console.log(
    `\nSeeded ${ITEMS} published articles on ${usePglite ? 'PGlite' : 'PostgreSQL'} in ${seconds} s`,
  );

  const site = async () => (await db.select().from(sites).where(eq(sites.id, siteId)))[0];
  const base = siteUrl(await site(), config);
  const deps = { db, config };

  // The feeds, called directly (what the routes call).
  start = performance.now();
  const sitemap = await sitemapXml(deps, await site(), base);
  const urlCount = sitemap.split('<url>').length - 1;
  console.log(
    `sitemap.xml: ${urlCount} addresses (cap ${SITEMAP_MAX_URLS}), ${(sitemap.length / 1e6).toFixed(1)} MB, ` +
      `first call ${f(performance.now() - start)} ms`,
  );
  if (urlCount > SITEMAP_MAX_URLS) throw new Error('sitemap over the protocol limit');
  const row = await site();
  results.push([
    `sitemapXml() direct, ${SITEMAP_RUNS} runs`,
    await time(SITEMAP_RUNS, () => sitemapXml(deps, row, base).then(() => undefined)),
  ]);
  results.push([
    `rssXml() direct (20 latest)`,
    await time(RUNS, () => rssXml(deps, row, base, 1).then(() => undefined)),
  ]);

  if (!seedOnly) {
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const host = `demo.${config.siteDomain}`;
    let failures = 0;
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { host } });
      if (res.statusCode !== 200) failures++;
      return res;
    };
    const robots = await get('/robots.txt');
    if (!robots.body.startsWith('User-agent')) {
      console.log(
        'The public site renderer does not answer here (no robots.txt on the site host): pages skipped.',
      );
    } else {
      failures = 0;
      const bump = async () => bumpRender(db, siteId);
      const page = async (name: string, url: (i: number) => string, runs = RUNS) => {
        results.push([`${name}, uncached`, await time(runs, (i) => get(url(i)).then(() => undefined), bump)]);
        await get(url(0));
        results.push([`${name}, cached`, await time(runs, () => get(url(0)).then(() => undefined))]);
      };
      // A different article each time too, so that neither the page nor its rows were just read.
      await page('article /post/post-<n>', (i) => `/post/post-${1 + ((i * 397) % ITEMS)}`);
      await page('home /', () => '/');
      await page('category, page 1', () => '/category/bench-cat-1');
      await page('category, page 500', () => '/category/bench-cat-1?page=500');
      await page('sitemap.xml', () => '/sitemap.xml', SITEMAP_RUNS);
      await page('rss.xml', () => '/rss.xml');
      console.log(`Non-200 answers: ${failures}`);
    }
    await app.close();
  }

  console.log(`\nRuns: ${RUNS} sequential requests each (sitemap ${SITEMAP_RUNS})\n`);
  console.log('| target | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const [name, r] of results) console.log(`| ${name} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} |`);
  console.log();
} finally {
  await database.close();
  await drop();
}
