/**
 * Public pages at scale (issue 31), on the database `npm run bench:seed -- --articles 1000000` made (BENCH_DB,
 * bench_public by default; reused, never seeded here): the demo site's category `bench-cat-1` (half the articles),
 * page 1, a deep page by number and the deep page reached by its `next` link (a keyset cursor), a tag page and an
 * author page, page 1 and deep, each uncached (bumpRender before each request); the sitemap index and its parts
 * (first, middle, last). p50/p95/p99 through app.inject with the site's Host header.
 *
 *   BENCH_DB=bench_public npx tsx bench/public.ts
 *
 * It first VACUUMs `contents` and the link tables (the seed only ANALYZEs): an index-only scan needs the visibility
 * map a live table's autovacuum keeps.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { sites } from '../server/modules/tables';
import { bumpRender } from '../server/modules/tenancy/invalidate';
import { PG_URL, type Timing, time } from './lib';

const BENCH_DB = process.env.BENCH_DB || 'bench_public';
const RUNS = Number(process.env.BENCH_RUNS || 100);
const SITEMAP_RUNS = Number(process.env.BENCH_SITEMAP_RUNS || 10);
const url = new URL(PG_URL);
url.pathname = `/${BENCH_DB}`;

const database = await openDatabase({ url: url.toString() });
const db = database.db;
const config = { ...loadConfig({}), distDir: '/nonexistent' };
const results: [string, Timing][] = [];
const f = (n: number) => n.toFixed(1);
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

try {
  const vacuum = new pg.Client({ connectionString: url.toString() });
  await vacuum.connect();
  let start = performance.now();
  if (!process.argv.includes('--no-vacuum'))
    await vacuum.query('VACUUM (ANALYZE) contents, content_tags, content_authors');
  await vacuum.end();
  console.log(`VACUUM ANALYZE: ${((performance.now() - start) / 1000).toFixed(1)} s`);

  const [site] = await db.select().from(sites).where(eq(sites.slug, 'demo'));
  const [tag] = await rows<{ id: number; slug: string }>(
    sql`SELECT id, slug FROM tags WHERE slug = 'bench-tag-1'`,
  );
  const [author] = await rows<{ id: number }>(
    sql`SELECT id FROM authors WHERE site_id = ${site.id} AND name = '作者 2'`,
  );
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const host = `demo.${config.siteDomain}`;
  let failures = 0;
  const get = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: path, headers: { host } });
    if (res.statusCode !== 200) {
      failures++;
      if (failures < 5) console.log(`${res.statusCode} ${path}`);
    }
    return res;
  };
  const bump = async () => bumpRender(db, site.id);
  const uncached = async (name: string, path: string, runs = RUNS) => {
    results.push([name, await time(runs, () => get(path).then(() => undefined), bump)]);
  };
  const nextOf = async (path: string) => {
    await bump();
    const next = /rel="next" href="([^"]+)"/.exec((await get(path)).body)?.[1]?.replaceAll('&amp;', '&');
    if (!next) throw new Error(`no next link on ${path}`);
    return new URL(next).pathname + new URL(next).search;
  };
  const category = '/category/bench-cat-1';
  await bump();
  const count = /page-count[^>]*>.*?(\d+) \/ ([^<]+)</s.exec((await get(category)).body);
  console.log(`category page 1 says: page ${count?.[1]} of ${count?.[2]?.trim()}`);
  // References: pages that list nothing long.
  await uncached('home / (reference)', '/');
  await uncached('article /post/post-2 (reference)', '/post/post-2');
  await uncached('category, page 1', category);
  await uncached('category, page 100', `${category}?page=100`);
  await uncached('category, page 5,000', `${category}?page=5000`);
  await uncached('category, page 10,000 (the last linked)', `${category}?page=10000`);
  await uncached('category, page 10,000 by its next link', await nextOf(`${category}?page=9999`));
  await uncached(
    'category, page 9,999 by its previous link',
    await (async () => {
      await bump();
      const prev = /rel="prev" href="([^"]+)"/.exec((await get(`${category}?page=10000`)).body)?.[1];
      const u = new URL((prev ?? '').replaceAll('&amp;', '&'));
      return u.pathname + u.search;
    })(),
  );
  await uncached('tag, page 1', `/tag/${tag.slug}`);
  await uncached('tag, page 500', `/tag/${tag.slug}?page=500`);
  await uncached('tag, page 500 by its next link', await nextOf(`/tag/${tag.slug}?page=499`));
  await uncached('author, page 1', `/author/${author.id}`);
  await uncached('author, page 1,000', `/author/${author.id}?page=1000`);
  await uncached('author, page 1,000 by its next link', await nextOf(`/author/${author.id}?page=999`));

  await bump();
  start = performance.now();
  const index = (await get('/sitemap.xml')).body;
  const parts = [...index.matchAll(/<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((m) => `/${m[1]}`);
  console.log(`sitemap.xml: an index of ${parts.length} parts, ${f(performance.now() - start)} ms`);
  let addresses = 0;
  for (const part of parts) addresses += ((await get(part)).body.match(/<url>/g) ?? []).length;
  console.log(`the parts hold ${addresses} addresses`);
  await uncached('sitemap.xml (the index)', '/sitemap.xml');
  const items = parts.filter((p) => p !== '/sitemap-0.xml');
  await uncached('sitemap-0.xml (homes, labels)', '/sitemap-0.xml');
  await uncached(`${items[0]} (first)`, items[0], SITEMAP_RUNS);
  const middle = items[Math.floor(items.length / 2)];
  await uncached(`${middle} (middle)`, middle, SITEMAP_RUNS);
  await uncached(`${items.at(-1)} (last)`, items.at(-1) as string, SITEMAP_RUNS);
  console.log(`Non-200 answers: ${failures}`);
  await app.close();

  console.log(`\nRuns: ${RUNS} sequential uncached requests each (sitemap parts ${SITEMAP_RUNS})\n`);
  console.log('| target | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const [name, r] of results) console.log(`| ${name} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} |`);
  console.log();
} finally {
  await database.close();
}
