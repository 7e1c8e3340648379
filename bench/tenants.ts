/**
 * Ten thousand sites in one database (issue 31): the demo site's admin calls and public pages with the demo site
 * alone, then again after `--sites` (10,000) more sites of 100 published articles each were written into the same
 * tables (bench/seed.ts seedSites) and ANALYZEd. Nothing a site reads should grow with the other sites: the figure
 * that matters is the ratio.
 *
 *   npx tsx bench/tenants.ts            # a fresh PostgreSQL database (BENCH_PG_URL), dropped after
 *   BENCH_SITES=2000 npx tsx bench/tenants.ts
 */
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { sites } from '../server/modules/tables';
import { bumpRender } from '../server/modules/tenancy/invalidate';
import { prepareDatabase } from '../server/seed';
import { freshDatabase, signIn, type Timing, time } from './lib';
import { seedArticles, seedSites } from './seed';

const SITES = Number(process.env.BENCH_SITES || 10_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);

const { database, drop } = await freshDatabase('tenants');
const { db } = database;
const config = { ...loadConfig({}), distDir: '/nonexistent' };
const f = (n: number) => n.toFixed(1);

try {
  await prepareDatabase(db, { seed: true, adminEmail: 'owner@example.com', adminPassword: 'bench-pass-1' });
  const [demo] = await db.select().from(sites).where(eq(sites.slug, 'demo'));
  await db.update(sites).set({ published: true }).where(eq(sites.id, demo.id));
  const [{ owner }] = (
    (await db.execute(
      sql`SELECT user_id AS owner FROM site_staff WHERE site_id = ${demo.id} AND role_id = 1`,
    )) as unknown as { rows: { owner: number }[] }
  ).rows;
  await seedArticles(db, demo.id, owner, 100);
  // VACUUM as well: an index-only scan needs the visibility map, which autovacuum would otherwise be writing during
  // the measurement (of the second phase, after a million rows went in, most of all).
  await db.execute(sql`VACUUM (ANALYZE)`);

  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const sid = await signIn(base);
  const host = `demo.${config.siteDomain}`;
  let failures = 0;
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sid },
      body: JSON.stringify(body),
    });
    const reply = await res.json();
    if (reply.code !== 1 && failures++ === 0) console.log(`${path}: ${JSON.stringify(reply).slice(0, 300)}`);
  };
  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { host } });
    if (res.statusCode !== 200 && failures++ === 0) console.log(`${url}: ${res.statusCode}`);
  };
  const bump = async () => bumpRender(db, demo.id);
  const list = { query: { page: 1, size: 20, filters: [] } };
  const targets: [string, () => Promise<Timing>][] = [
    ['admin member/status', () => time(RUNS, () => api('member/status?t=writer', {}))],
    ['admin site/list', () => time(RUNS, () => api('site/list', list))],
    ['admin press/list', () => time(RUNS, () => api('press/list?t=1', list))],
    ['admin category/all', () => time(RUNS, () => api('category/all', list))],
    ['admin dashboard/statistics', () => time(RUNS, () => api('dashboard/statistics', {}))],
    ['public home, uncached', () => time(RUNS, () => page('/'), bump)],
    [
      'public article, uncached',
      () => time(RUNS, (i) => page(`/post/post-${1 + (i % 4) + 5 * (i % 19)}`), bump),
    ],
    ['public category, uncached', () => time(RUNS, () => page('/category/bench-cat-1'), bump)],
    ['public sitemap.xml, uncached', () => time(Math.min(RUNS, 50), () => page('/sitemap.xml'), bump)],
  ];
  const measure = async () => {
    const out = new Map<string, Timing>();
    for (const [name, run] of targets) {
      await run(); // warm-up round: plans, caches, JIT
      out.set(name, await run());
    }
    return out;
  };
  const alone = await measure();
  const seedStart = performance.now();
  await seedSites(db, SITES);
  await db.execute(sql`VACUUM (ANALYZE)`);
  console.log(`Added ${SITES} sites in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
  const many = await measure();
  await app.close();

  console.log(
    `\n${RUNS} sequential calls each, load average ${loadavg().map(f).join(' ')}, failures ${failures}\n`,
  );
  console.log(`| target | 1 site p50 / p95 ms | ${SITES + 1} sites p50 / p95 ms | p95 ratio |`);
  console.log('|---|---:|---:|---:|');
  for (const [name] of targets) {
    const a = alone.get(name) as Timing;
    const b = many.get(name) as Timing;
    console.log(
      `| ${name} | ${f(a.p50)} / ${f(a.p95)} | ${f(b.p50)} / ${f(b.p95)} | ${(b.p95 / a.p95).toFixed(2)}× |`,
    );
  }
} finally {
  await database.close();
  await drop();
}
