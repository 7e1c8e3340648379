/**
 * Admin lists at scale (issue 31): against the database `bench/seed.ts` made (1,000,000 articles and 2,000,000
 * members on the demo site), the real app in this process (buildApp, `app.inject`, a real sign-in) times
 * `press/list` and `profile/list`: page 1, a page in the middle reached as the SPA reaches it (with the cursor of the
 * page next to it), the same middle page without a cursor (an offset over the ids), and the last page — unfiltered
 * and under each filter. p50/p95/p99 of BENCH_RUNS (200) sequential calls each, in ms.
 *
 *   BENCH_DB=bench_lists npm run bench:seed -- --articles 1000000 --members 2000000   # once
 *   BENCH_DB=bench_lists npx tsx bench/lists.ts
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Filter, ListResult } from '../contract/list';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { signIn, time } from './lib';
import { benchUrl } from './seed';

const RUNS = Number(process.env.BENCH_RUNS || 200);
const SIZE = 20;

const database = await openDatabase({ url: benchUrl() });
const db = database.db;
const config = { ...loadConfig({}), distDir: path.join(tmpdir(), 'bench-no-spa') };
const app: FastifyInstance = await buildApp({ config, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const cookie = await signIn(base);

async function list(url: string, query: object): Promise<ListResult<{ id: number }>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { cookie },
    payload: { query },
  });
  const body = res.json();
  if (body.code !== 1) throw new Error(`${url}: ${res.body.slice(0, 300)}`);
  return body.data;
}

const one = async <T>(q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows[0];
const category = await one<{ id: number }>(sql`SELECT id FROM categories WHERE slug = 'bench-cat-2'`);
const author = await one<{ id: number }>(
  sql`SELECT a.id FROM authors a WHERE a.name = '作者 2' AND a.site_id = (SELECT site_id FROM categories WHERE id = ${category.id})`,
);
const plan = await one<{ id: number }>(
  sql`SELECT id FROM reader_plans WHERE name = '季訂閱' ORDER BY id LIMIT 1`,
);

const cases: { url: string; name: string; filters: Filter[] }[] = [
  { url: 'press/list?t=1', name: 'articles', filters: [] },
  {
    url: 'press/list?t=1',
    name: 'articles, status draft',
    filters: [{ col: 'status', value: [0], type: 'in' }],
  },
  {
    url: 'press/list?t=1',
    name: 'articles, category bench-cat-2',
    filters: [{ col: 'category_id', value: [category.id], type: 'in' }],
  },
  {
    url: 'press/list?t=1',
    name: 'articles, author 作者 2',
    filters: [{ col: 'author', value: [author.id], type: 'in' }],
  },
  { url: 'profile/list?t=writer', name: 'members', filters: [] },
  {
    url: 'profile/list?t=writer',
    name: 'members, tag vip',
    filters: [{ col: 'tag', value: ['vip'], type: 'in' }],
  },
  {
    url: 'profile/list?t=writer',
    name: 'members, plan 季訂閱',
    filters: [{ col: 'plan', value: [plan.id], type: 'in' }],
  },
  {
    url: 'profile/list?t=writer',
    name: 'members, status paid',
    filters: [{ col: 'status', value: ['paid'], type: 'in' }],
  },
];

const fmt = (n: number) => n.toFixed(1);
// The floor under the machine's load: a signed-in call that reads no list (session, site and role only).
const floor = await time(RUNS, async () => {
  const res = await app.inject({ method: 'POST', url: '/api/member/status?t=writer', headers: { cookie } });
  if (res.json().code !== 1) throw new Error('member/status failed');
});
console.log(`member/status (the floor): ${fmt(floor.p50)} / ${fmt(floor.p95)} / ${fmt(floor.p99)} ms\n`);
console.log(`| list | total | page 1 | middle page, cursor | middle page, no cursor | last page |`);
console.log(`|---|---|---|---|---|---|`);
for (const c of cases) {
  const q = (page: number, cursor?: string) => ({ page, size: SIZE, filters: c.filters, cursor });
  const first = await list(c.url, q(1));
  const lastPage = Math.max(1, Math.ceil(first.total / SIZE));
  const middle = Math.max(1, Math.floor(lastPage / 2));
  // The SPA on the page before the middle one (reached once, untimed), stepping to the next.
  const before = await list(c.url, q(Math.max(1, middle - 1)));
  // A call slower than 200 ms once (a plan that reads everything) is timed 10 times only.
  const timed = async (runs: number, call: () => Promise<unknown>) => {
    const start = performance.now();
    await call();
    return time(performance.now() - start > 200 ? 10 : runs, async () => void (await call()));
  };
  const timings = [
    await timed(RUNS, () => list(c.url, q(1))),
    await timed(RUNS, () => list(c.url, q(middle, before.cursor))),
    await timed(Math.min(RUNS, 50), () => list(c.url, q(middle))),
    await timed(RUNS, () => list(c.url, q(lastPage))),
  ];
  const total = `${first.approximate ? '~' : ''}${first.total.toLocaleString('en')}`;
  console.log(
    `| ${c.name} | ${total} | ${timings.map((t) => `${fmt(t.p50)} / ${fmt(t.p95)} / ${fmt(t.p99)}`).join(' | ')} |`,
  );
}
console.log(
  `\n(ms: p50 / p95 / p99; ${RUNS} sequential calls each, 50 for the middle page without a cursor, 10 for a call over 200 ms)`,
);
console.log(`load average: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`);
await app.close();
await database.close();
