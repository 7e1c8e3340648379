/**
 * Ten thousand sites in one database (issue 31): the demo site's admin calls and public pages in a database that
 * holds the demo site alone, next to the same calls in a database that also holds `--sites` (10,000) more sites of
 * 100 published articles each (bench/seed.ts seedSites). Nothing a site reads should grow with the other sites: the
 * figure that matters is the ratio.
 *
 * Both databases are seeded, VACUUMed and ANALYZEd before any call is timed, and served by two apps in this process;
 * each target is then timed in rounds that alternate which database goes first (one, many; many, one; …), so that
 * neither side always runs while the machine is busier (autovacuum after the big insert, another job). The table has
 * each side's median over the rounds.
 *
 *   npx tsx bench/tenants.ts            # two fresh PostgreSQL databases (BENCH_PG_URL), dropped after
 *   BENCH_SITES=2000 BENCH_ROUNDS=5 npx tsx bench/tenants.ts
 */
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { sites } from '../server/modules/tables';
import { bumpRender } from '../server/modules/tenancy/invalidate';
import { prepareDatabase } from '../server/seed';
import { freshDatabase, signIn, type Timing, time } from './lib';
import { seedArticles, seedSites } from './seed';

const SITES = Number(process.env.BENCH_SITES || 10_000);
const RUNS = Number(process.env.BENCH_RUNS || 200);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const config = { ...loadConfig({}), distDir: '/nonexistent' };
const f = (n: number) => n.toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The demo site, published, with 100 articles of its own; `others` more sites beside it. */
async function prepare(db: Db, others: number) {
  await prepareDatabase(db, { seed: true, adminEmail: 'owner@example.com', adminPassword: 'bench-pass-1' });
  const [demo] = await db.select().from(sites).where(eq(sites.slug, 'demo'));
  await db.update(sites).set({ published: true }).where(eq(sites.id, demo.id));
  const [{ owner }] = (
    (await db.execute(
      sql`SELECT user_id AS owner FROM site_staff WHERE site_id = ${demo.id} AND role_id = 1`,
    )) as unknown as { rows: { owner: number }[] }
  ).rows;
  await seedArticles(db, demo.id, owner, 100);
  if (others > 0) {
    const seedStart = performance.now();
    await seedSites(db, others);
    console.log(`Added ${others} sites in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
  }
  // VACUUM as well: an index-only scan needs the visibility map, which autovacuum would otherwise be writing during
  // the measurement (after a million rows went in, most of all).
  await db.execute(sql`VACUUM (ANALYZE)`);
  return demo.id;
}

type Targets = [string, () => Promise<Timing>][];

/** The demo site's calls on one database, through its own app. */
async function targetsOf(db: Db, app: FastifyInstance, demoId: number) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const sid = await signIn(base);
  const host = `demo.${config.siteDomain}`;
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sid },
      body: JSON.stringify(body),
    });
    const reply = await res.json();
    if (reply.code !== 1) throw new Error(`${path}: ${JSON.stringify(reply).slice(0, 300)}`);
  };
  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { host } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  };
  const bump = async () => bumpRender(db, demoId);
  const list = { query: { page: 1, size: 20, filters: [] } };
  const targets: Targets = [
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
  return targets;
}

const one = await freshDatabase('tenants-one');
const many = await freshDatabase('tenants-many');
const apps: FastifyInstance[] = [];
try {
  const [oneDemo, manyDemo] = [await prepare(one.database.db, 0), await prepare(many.database.db, SITES)];
  const oneApp = await buildApp({ config, db: one.database.db, logger: false });
  const manyApp = await buildApp({ config, db: many.database.db, logger: false });
  apps.push(oneApp, manyApp);
  const sides = [
    await targetsOf(one.database.db, oneApp, oneDemo),
    await targetsOf(many.database.db, manyApp, manyDemo),
  ];
  const loads = [loadavg()[0]];
  const results = sides[0].map(() => [[], []] as Timing[][]);
  for (let t = 0; t < sides[0].length; t++) {
    for (const side of sides) await side[t][1](); // warm-up round: plans, caches, JIT
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const s of order) results[t][s].push(await sides[s][t][1]());
    }
    loads.push(loadavg()[0]);
  }

  console.log(
    `\n${RUNS} sequential calls each, medians of ${ROUNDS} alternating rounds, load average ${f(Math.min(...loads))}–${f(Math.max(...loads))}\n`,
  );
  console.log(
    `| target | 1 site p50 / p95 ms | ${SITES + 1} sites p50 / p95 ms | p50 ratio | p95 ratio | p95 ratios per round |`,
  );
  console.log('|---|---:|---:|---:|---:|---|');
  sides[0].forEach(([name], t) => {
    const [a, b] = results[t].map((runs) => ({
      p50: median(runs.map((r) => r.p50)),
      p95: median(runs.map((r) => r.p95)),
    }));
    const perRound = results[t][0].map((r, i) => `${(results[t][1][i].p95 / r.p95).toFixed(2)}`).join(', ');
    console.log(
      `| ${name} | ${f(a.p50)} / ${f(a.p95)} | ${f(b.p50)} / ${f(b.p95)} | ${(b.p50 / a.p50).toFixed(2)}× | ${(b.p95 / a.p95).toFixed(2)}× | ${perRound} |`,
    );
  });
} finally {
  for (const app of apps) await app.close();
  await one.database.close();
  await many.database.close();
  await one.drop();
  await many.drop();
}
