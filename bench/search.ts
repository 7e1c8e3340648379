/**
 * Keyword search and members at scale (issue 31), on the database `npm run bench:seed` makes (BENCH_DB, e.g.
 * `BENCH_DB=bench_search npm run bench:seed -- --articles 1000000 --members 2000000`):
 *
 *   BENCH_DB=bench_search npx tsx bench/search.ts [--calls 200] [--slow-calls 10] [--runs 3] [--no-export | --only-export]
 *
 * The app runs in this process (as bench/http.ts) on that PostgreSQL database, signed in for real. For each
 * press/list keyword (2-character zh common and without a hit, 3- and 4-character zh, English, a number) and each
 * member filter (e-mail fragment, name, tag, plan, status): for press/list the list's page query alone (pageQuery, the
 * SQL the list runs, with its ORDER BY and LIMIT), the count alone, and the whole API call (page + count + a page's
 * tags and authors); for profile/list the list's database work (listMembers) and the whole API call. Then the member CSV export of every member (2,000,000): rows per second and the process's RSS growth
 * (sampled every 50 ms). Each figure is the median over `--runs` runs of that run's p50/p95/p99 over `--calls`
 * calls (a call slower than 300 ms at first is timed 10 times only: the count of a common word).
 */
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ListQuery } from '../contract/list';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { pageQuery } from '../server/modules/content/list';
import { listMembers } from '../server/modules/members/service';
import { readerPlans, sites } from '../server/modules/tables';
import { signIn, type Timing, time } from './lib';
import { benchUrl } from './seed';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const CALLS = arg('calls', 200);
const RUNS = arg('runs', 3);
const SLOW_MS = 300;
const SLOW_CALLS = arg('slow-calls', 10);
const ONLY_EXPORT = process.argv.includes('--only-export');

const database = await openDatabase({ url: benchUrl() });
const { db } = database;
const config = { ...loadConfig({}), distDir: path.join(tmpdir(), 'bench-no-spa') };
let app: FastifyInstance | undefined;

type Row = { name: string; what: string; calls: number; runs: Timing[]; rows?: number };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Times a call CALLS times (SLOW_CALLS when its first call is slow), once per run. */
async function measure(rows: Row[], name: string, what: string, call: () => Promise<unknown>, run: number) {
  let row = rows.find((r) => r.name === name && r.what === what);
  if (!row) {
    const start = performance.now();
    await call();
    const calls = performance.now() - start > SLOW_MS ? SLOW_CALLS : CALLS;
    row = { name, what, calls, runs: [] };
    rows.push(row);
  }
  if (row.runs.length > run) return;
  row.runs.push(await time(row.calls, async () => void (await call())));
}

try {
  app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const headers = { 'content-type': 'application/json', cookie: await signIn(base) };
  const api = async (pathAndQuery: string, body: object) => {
    const res = await fetch(`${base}/api/${pathAndQuery}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (json.code !== 1) throw new Error(`${pathAndQuery}: ${JSON.stringify(json).slice(0, 300)}`);
    return json.data as { total: number };
  };
  const [demo] = await db.select().from(sites).where(eq(sites.slug, 'demo'));
  const siteId = demo.id;
  const [plan] = await db
    .select({ id: readerPlans.id })
    .from(readerPlans)
    .where(eq(readerPlans.siteId, siteId))
    .orderBy(readerPlans.id)
    .limit(1);

  const keywords: [string, string][] = [
    ['zh 2 chars, common (10 %)', '咖啡'],
    ['zh 2 chars, no hit', '山林'],
    ['zh 3 chars (10 %)', '電動車'],
    ['zh 3 chars (10 %)', '阿里山'],
    ['zh 4 chars (10 %)', '人工智慧'],
    ['en word (5 %)', 'coffee'],
    ['number substring (rare)', '12345'],
    ['zh 1 char (ILIKE, all)', '的'],
  ];
  const memberFilters: [string, ListQuery['filters']][] = [
    ['e-mail fragment (11 hits)', [{ col: 'keyword', value: 'member12345', type: 'search' }]],
    ['e-mail fragment (1 hit)', [{ col: 'keyword', value: 'member1999999@', type: 'search' }]],
    ['name (Tanaka, 1/15)', [{ col: 'keyword', value: 'Tanaka', type: 'search' }]],
    ['name + number (rare)', [{ col: 'keyword', value: 'Tanaka 1234', type: 'search' }]],
    ['zh name 2 chars (陳 1…)', [{ col: 'keyword', value: '陳 1', type: 'search' }]],
    ['tag vip', [{ col: 'tag', value: ['vip'], type: 'in' }]],
    ['plan (one of three)', [{ col: 'plan', value: [plan.id], type: 'in' }]],
    ['status paid', [{ col: 'status', value: ['paid'], type: 'in' }]],
    ['status lapsed', [{ col: 'status', value: ['lapsed'], type: 'in' }]],
    ['status free', [{ col: 'status', value: ['free'], type: 'in' }]],
    [
      'tag + status lapsed',
      [
        { col: 'tag', value: ['vip'], type: 'in' },
        { col: 'status', value: ['lapsed'], type: 'in' },
      ],
    ],
    [
      'tag + plan + status',
      [
        { col: 'tag', value: ['vip'], type: 'in' },
        { col: 'plan', value: [plan.id], type: 'in' },
        { col: 'status', value: ['paid'], type: 'in' },
      ],
    ],
  ];
  const rows: Row[] = [];
  const place = { siteId, type: 1 as const, sight: 'all' as const, user: { id: 0 } };
  const exports: { rows: number; seconds: number; rssGrowthMb: number }[] = [];
  const hits = new Map<string, number>();

  for (let run = 0; run < RUNS; run++) {
    console.error(`run ${run + 1} of ${RUNS} (load ${loadavg()[0].toFixed(1)})`);
    for (const [label, value] of ONLY_EXPORT ? [] : keywords) {
      const query: ListQuery = { page: 1, size: 20, filters: [{ col: 'keyword', value, type: 'search' }] };
      const name = `press/list ${label}: ${value}`;
      const { where, page } = pageQuery(db, place, query);
      await measure(rows, name, 'page', () => page, run);
      await measure(
        rows,
        name,
        'count',
        () => db.execute(sql`SELECT count(*) FROM contents WHERE ${where}`),
        run,
      );
      await measure(
        rows,
        name,
        'API',
        async () => hits.set(name, (await api('press/list?t=1', { query })).total),
        run,
      );
    }
    for (const [label, filters] of ONLY_EXPORT ? [] : memberFilters) {
      const query: ListQuery = { page: 1, size: 20, filters };
      const name = `profile/list ${label}`;
      // The list's whole database work (listMembers: the keyword's plan, the page, the total), without HTTP.
      await measure(rows, name, 'list', () => listMembers(db, siteId, query), run);
      await measure(
        rows,
        name,
        'API',
        async () => hits.set(name, (await api('profile/list', { query })).total),
        run,
      );
    }
    if (!process.argv.includes('--no-export')) {
      const rssBefore = process.memoryUsage().rss;
      let rssMax = rssBefore;
      const sampler = setInterval(() => {
        rssMax = Math.max(rssMax, process.memoryUsage().rss);
      }, 50);
      const start = performance.now();
      const res = await fetch(`${base}/api/profile/export`, { method: 'POST', headers, body: '{}' });
      if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        for (const byte of chunk) if (byte === 10) lines++;
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      exports.push({ rows: lines - 1, seconds, rssGrowthMb: (rssMax - rssBefore) / 2 ** 20 });
      console.error(`  export: ${lines - 1} rows in ${seconds.toFixed(1)} s`);
    }
  }

  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(
    `\nSearch and members at scale, PostgreSQL (${benchUrl().replace(/^.*\//, '')}), ${new Date().toISOString()}`,
  );
  console.log(`load average at the end: ${load}; medians of ${RUNS} runs\n`);
  console.log('| target | hits | part | calls | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  const f = (x: number) => x.toFixed(1);
  for (const r of rows) {
    const m = (k: keyof Timing) => median(r.runs.map((t) => t[k]));
    console.log(
      `| ${r.name} | ${hits.get(r.name) ?? ''} | ${r.what} | ${r.calls} | ${f(m('p50'))} | ${f(m('p95'))} | ${f(m('p99'))} |`,
    );
  }
  if (exports.length) {
    const rps = exports.map((e) => e.rows / e.seconds);
    console.log(
      `\nMember CSV export: ${exports[0].rows.toLocaleString('en')} rows; rows/s per run ${rps
        .map((x) => Math.round(x).toLocaleString('en'))
        .join(', ')} (median ${Math.round(median(rps)).toLocaleString('en')}); RSS growth MB per run ${exports
        .map((e) => e.rssGrowthMb.toFixed(0))
        .join(', ')}`,
    );
  }
} finally {
  await app?.close();
  await database.close();
}
