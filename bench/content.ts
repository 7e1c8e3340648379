import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { prepareDatabase } from '../server/seed';
import { freshDatabase, time, usePglite } from './lib';

const ITEMS = Number(process.env.BENCH_ITEMS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 100);

const { database, drop } = await freshDatabase('content');
const db = database.db;
await prepareDatabase(db, { seed: true, adminEmail: 'owner@example.com', adminPassword: 'bench-pass-1' });
const app = await buildApp({ config: { ...loadConfig({}), distDir: '/nonexistent' }, db, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

try {
  // Sign in as a browser does.
  const challenge = await (await fetch(`${base}/api/captcha?v=localhost`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const login = await fetch(`${base}/api/member/login?t=writer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account: 'owner@example.com',
      password: 'bench-pass-1',
      token: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as { code: number; data: T; msg: string };
    if (env.code !== 1) throw new Error(`${p}: ${env.code} ${env.msg}`);
    return env.data;
  };

  // 1. Save latency of a 30,000-character article: 100 paragraphs of 300 characters.
  const paragraph = '臺灣的山林步道四通八達，從平地的郊山到三千公尺的高山都有。'.repeat(10);
  const article = (n: number) => ({
    blocks: Array.from({ length: 100 }, (_, i) => ({
      type: 'paragraph',
      data: { text: `${n}-${i} ${paragraph}` },
    })),
  });
  let item = await post<{ id: number; version: number }>('press/save?t=1', {
    id: 0,
    title: '三萬字的長文',
    content: article(0),
    version: 0,
  });
  const save = await time(Math.min(RUNS, 50), async (i) => {
    item = await post('press/save?t=1', {
      id: item.id,
      title: '三萬字的長文',
      content: article(i + 1),
      version: item.version,
    });
  });

  // 2. Many items, straight into the table (the API would take hours), then the planner's statistics.
  const [site] = (
    (await db.execute(sql`SELECT id FROM sites WHERE slug = 'demo'`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await db.execute(sql`
    INSERT INTO contents (site_id, uuid, type, lang_id, title, body, seo, status, updated_at)
    SELECT ${site.id}, gen_random_uuid(), 1, 1,
      '文章 ' || i || ' ' || (ARRAY['臺北市的天氣','人工智慧的未來','咖啡文化散步','阿里山登山步道','電動車充電站'])[1 + i % 5],
      '{"blocks":[]}'::jsonb, '{"title":"","content":""}'::jsonb, i % 3, now() - (i || ' minutes')::interval
    FROM generate_series(1, ${ITEMS}) AS i`);
  await db.execute(sql`ANALYZE contents`);

  const list = (filters: unknown[], page = 1) =>
    post('press/list?t=1', { query: { page, size: 20, filters } });
  const firstPage = await time(RUNS, () => list([]).then(() => undefined));
  const deepPage = await time(RUNS, (i) => list([], 100 + i).then(() => undefined));
  const keyword3 = await time(RUNS, () =>
    list([{ col: 'keyword', value: '阿里山', type: 'search' }]).then(() => undefined),
  );
  const keyword2 = await time(RUNS, () =>
    list([{ col: 'keyword', value: '咖啡', type: 'search' }]).then(() => undefined),
  );
  const rare = await time(RUNS, () =>
    list([{ col: 'keyword', value: '文章 99999', type: 'search' }]).then(() => undefined),
  );

  const f = (n: number) => n.toFixed(1);
  console.log(
    `\nContent on ${usePglite ? 'PGlite' : 'PostgreSQL'}: ${ITEMS} articles, ${RUNS} sequential calls each\n`,
  );
  console.log('| call | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  const row = (name: string, r: { p50: number; p95: number; p99: number }) =>
    console.log(`| ${name} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} |`);
  row('press/save, 30,000-character article', save);
  row('press/list, first page (20)', firstPage);
  row('press/list, pages 100–199', deepPage);
  row('press/list, keyword 阿里山 (3 chars, 1 in 5 match)', keyword3);
  row('press/list, keyword 咖啡 (2 chars, 1 in 5 match)', keyword2);
  row('press/list, keyword 文章 99999 (rare)', rare);
  console.log();
} finally {
  await app.close();
  await database.close();
  await drop();
}
