/**
 * Saves under load (issue 31): 40 writers each chaining versions of its own article — save, take the new `version`
 * from the reply, send it with the next save — next to 10 readers of the admin list, on a fresh PostgreSQL database
 * (`--pglite`: the embedded one). The real app (buildApp, in this process) and a real sign-in; the load loops run in a
 * worker thread, so that they do not share the server's event loop.
 *
 * At the end every article is read back from the database: its version must be the successful saves + 1 (the
 * create is version 1) and its body the last one sent, cleaned as the server cleans it — else the save is "lost".
 *
 * Statements: every statement the server's connections send is counted (node-postgres's Client.query), over the
 * measured window a call, and for one save of the writers' kind (a 41st article saved twice with the whole form, the
 * second counted: its links unchanged, as in the loops).
 *
 * BENCH_SECONDS (20), BENCH_WARMUP (3), BENCH_WRITERS (40), BENCH_READERS (10).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const WRITERS = Number(process.env.BENCH_WRITERS || 40);
const READERS = Number(process.env.BENCH_READERS || 10);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const WARMUP = Number(process.env.BENCH_WARMUP || 3);

interface Article {
  id: number;
  version: number;
  slug: string;
  /** Its byline (the owner's author, given it on creation), which the writer sends back with each save. */
  author: number[];
}
interface LoadData {
  base: string;
  cookie: string;
  articles: Article[];
  tags: number[];
  categories: number[];
}
interface WriterResult {
  id: number;
  /** Successful chained saves (the create not counted). */
  saves: number;
  /** The body of the last successful save. */
  last: unknown;
  version: number;
}
interface LoadResult {
  /** [start (ms since the load began), latency ms] of each successful call. */
  saves: [number, number][];
  lists: [number, number][];
  errors: string[];
  writers: WriterResult[];
}

const PARAGRAPH =
  '臺灣的山林步道四通八達，從平地的郊山到三千公尺的高山都有，<b>春天</b>的杜鵑與秋天的芒草各有風景。' +
  '步道口多半有<a href="https://example.com/trail">管理站</a>可以查詢路況，雨季前後的落石與濕滑路面要特別注意，' +
  '出發前把飲水、頭燈、雨具和<i>離線地圖</i>準備好。登山口的停車場在假日早上常常客滿，搭乘公車或接駁車比較從容；' +
  '沿途的休息區有涼亭與廁所，但山屋床位需要事先申請，申請結果會以電子郵件通知。下山後記得回報平安，也把垃圾帶下山。';

/** An article of about 3,000 characters: a heading, fifteen paragraphs with marks and links, a picture, two subheadings. */
export function articleBody(writer: number, n: number) {
  const p = (i: number) => ({ type: 'paragraph', data: { text: `${PARAGRAPH}（第 ${i + 1} 段）` } });
  return {
    blocks: [
      { type: 'header', data: { text: `第 ${writer} 篇：山林步道`, level: 2 } },
      p(0),
      p(1),
      {
        type: 'paragraph',
        data: { text: `這是第 ${n} 次存檔的修改，寫手 ${writer} 正在改寫這一段。${PARAGRAPH}` },
      },
      {
        type: 'image',
        data: {
          url: 'https://example.com/pictures/trail.jpg',
          caption: '稜線上的步道',
          width: 1200,
          height: 800,
        },
      },
      p(2),
      { type: 'header', data: { text: '行前準備', level: 3 } },
      p(3),
      p(4),
      p(5),
      p(6),
      { type: 'header', data: { text: '路線與交通', level: 3 } },
      p(7),
      p(8),
      p(9),
      p(10),
      p(11),
      p(12),
      p(13),
    ],
  };
}

/** CPU seconds (user + system) of /proc/<pid>[/task/<tid>]/stat, or 0 when it has ended. */
function cpuSeconds(path: string): number {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of the server's main thread and of the PostgreSQL backends serving database `db`. */
function serverCpu(db: string) {
  let pg = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmd.startsWith('postgres: ') && cmd.includes(` ${db} `)) pg += cpuSeconds(`/proc/${pid}/stat`);
  }
  return { main: cpuSeconds(`/proc/${process.pid}/task/${process.pid}/stat`), pg };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/** The load: runs in the worker thread. */
async function load(d: LoadData): Promise<LoadResult> {
  const t0 = performance.now();
  const stopAt = t0 + (WARMUP + SECONDS) * 1000;
  const headers = { 'content-type': 'application/json', cookie: d.cookie };
  const result: LoadResult = { saves: [], lists: [], errors: [], writers: [] };
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${d.base}/api/${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    let env: { code?: number; msg?: string; data?: unknown } = {};
    try {
      env = JSON.parse(text);
    } catch {
      // reported below
    }
    if (res.status !== 200 || env.code !== 1)
      throw new Error(`${p}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return env.data as Record<string, unknown>;
  };

  const writer = async (w: number, a: Article): Promise<WriterResult> => {
    const out: WriterResult = { id: a.id, saves: 0, last: undefined, version: a.version };
    let slug = a.slug;
    while (performance.now() < stopAt) {
      const content = articleBody(w, out.saves + 1);
      const start = performance.now();
      try {
        const data = await post('press/save?t=1', {
          id: a.id,
          title: `第 ${w} 篇：山林步道的四季`,
          subtitle: '步道、天氣與行前準備',
          content,
          seo: { title: '', content: '' },
          tag: d.tags.slice(w % 3, (w % 3) + 2),
          category_id: d.categories[w % d.categories.length] ?? null,
          author: a.author,
          slug,
          version: out.version,
        });
        result.saves.push([start - t0, performance.now() - start]);
        out.saves++;
        out.version = data.version as number;
        slug = data.slug as string;
        out.last = content;
      } catch (err) {
        result.errors.push(`writer ${w}: ${(err as Error).message}`);
        if (result.errors.length > 50) break;
      }
    }
    return out;
  };

  const reader = async () => {
    while (performance.now() < stopAt) {
      const start = performance.now();
      try {
        await post('press/list?t=1', { query: { page: 1, size: 20, filters: [] } });
        result.lists.push([start - t0, performance.now() - start]);
      } catch (err) {
        result.errors.push(`reader: ${(err as Error).message}`);
        if (result.errors.length > 50) break;
      }
    }
  };

  const [writers] = await Promise.all([
    Promise.all(d.articles.map((a, w) => writer(w, a))),
    Promise.all(Array.from({ length: READERS }, reader)),
  ]);
  result.writers = writers;
  return result;
}

const isScript = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (!isMainThread) {
  parentPort?.postMessage(await load(workerData as LoadData));
} else if (isScript) {
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { prepareDatabase } = await import('../server/seed');
  const { sanitizeDocument } = await import('../server/workers/sanitize');
  const { sameJson } = await import('../server/modules/content/snapshot');
  const { freshDatabase, signIn, usePglite } = await import('./lib');
  const pg = (await import('pg')).default;
  // Statements sent by any connection of this thread (the server's pool): counted, not changed.
  let statements = 0;
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;

  const { database, drop } = await freshDatabase('saves');
  const db = database.db;
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await prepareDatabase(db, { seed: true, adminEmail: 'owner@example.com', adminPassword: 'bench-pass-1' });
    app = await buildApp({ config: { ...loadConfig({}), distDir: '/nonexistent' }, db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const cookie = await signIn(base);
    const [site] = await rows<{ id: number }>(sql`SELECT id FROM sites WHERE slug = 'demo'`);
    const tags = (
      await rows<{ id: number }>(sql`SELECT id FROM tags WHERE site_id = ${site.id} ORDER BY id`)
    ).map((r) => r.id);
    const categories = (
      await rows<{ id: number }>(sql`SELECT id FROM categories WHERE site_id = ${site.id} ORDER BY id`)
    ).map((r) => r.id);

    // The writers' articles, created through the API (version 1).
    const articles: Article[] = [];
    for (let w = 0; w < WRITERS; w++) {
      const res = await fetch(`${base}/api/press/save?t=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          id: 0,
          title: `第 ${w} 篇：山林步道的四季`,
          content: articleBody(w, 0),
          version: 0,
        }),
      });
      const env = (await res.json()) as { code: number; data: Article };
      if (env.code !== 1) throw new Error(`create: ${JSON.stringify(env)}`);
      const byline = await rows<{ id: number }>(
        sql`SELECT author_id AS id FROM content_authors WHERE content_id = ${env.data.id} ORDER BY sort`,
      );
      articles.push({
        id: env.data.id,
        version: env.data.version,
        slug: env.data.slug,
        author: byline.map((b) => b.id),
      });
    }
    // One save of the writers' kind, its statements counted: a 41st article, saved once with the whole form (its
    // tags, category and byline are new then), then again as the loops do.
    const form = async (id: number, version: number, slug: string, author: number[]) => {
      const res = await fetch(`${base}/api/press/save?t=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          id,
          title: '第 0 篇：山林步道的四季',
          subtitle: '步道、天氣與行前準備',
          content: articleBody(0, version),
          seo: { title: '', content: '' },
          tag: tags.slice(0, 2),
          category_id: categories[0] ?? null,
          author,
          slug,
          version,
        }),
      });
      const env = (await res.json()) as { code: number; data: Article };
      if (env.code !== 1) throw new Error(`save: ${JSON.stringify(env)}`);
      return env.data;
    };
    const probe = await form(0, 0, '', []);
    const probeAuthor = (
      await rows<{ id: number }>(
        sql`SELECT author_id AS id FROM content_authors WHERE content_id = ${probe.id}`,
      )
    ).map((b) => b.id);
    const once = await form(probe.id, probe.version, probe.slug, probeAuthor);
    const before = statements;
    await form(probe.id, once.version, once.slug, probeAuthor);
    const saveStatements = statements - before;

    const chars = articleBody(0, 1).blocks.reduce(
      (n, b) => n + ('text' in b.data ? (b.data.text ?? '').replace(/<[^>]*>/g, '').length : 0),
      0,
    );

    const [{ name: dbName }] = await rows<{ name: string }>(sql`SELECT current_database() AS name`);
    const load0 = loadavg()[0];
    // CPU of the measured window: read when it starts and when it ends (timers of this busy thread fire late, by a
    // few ms at most against 20 s). PostgreSQL backends that end inside the window lose their share: the pool keeps
    // them open while busy.
    const cpu: (ReturnType<typeof serverCpu> & { statements: number })[] = [];
    setTimeout(() => cpu.push({ ...serverCpu(dbName), statements }), WARMUP * 1000);
    setTimeout(() => cpu.push({ ...serverCpu(dbName), statements }), (WARMUP + SECONDS) * 1000);
    // The worker loads this file again, through tsx (Node 20 does not hand `--import tsx` to a worker's loader).
    const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, {
      eval: true,
      workerData: { base, cookie, articles, tags, categories } satisfies LoadData,
    });
    const r = await new Promise<LoadResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    const load1 = loadavg()[0];

    // Lost saves: each article's stored version and body against what its writer saw acknowledged.
    let lost = 0;
    const stored = await rows<{ id: number; version: number; body: unknown }>(
      sql`SELECT id, version, body FROM contents WHERE id IN ${articles.map((a) => a.id)}`,
    );
    const byId = new Map(stored.map((s) => [s.id, s]));
    for (const w of r.writers) {
      const s = byId.get(w.id);
      const wantBody = w.last === undefined ? undefined : sanitizeDocument(w.last as never);
      if (!s || s.version !== w.saves + 1 || (wantBody && !sameJson(s.body, wantBody))) {
        lost++;
        console.error(`article ${w.id}: stored version ${s?.version}, ${w.saves} saves acknowledged`);
      }
    }

    const inWindow = (xs: [number, number][]) =>
      xs
        .filter(([start]) => start >= WARMUP * 1000 && start < (WARMUP + SECONDS) * 1000)
        .map(([, ms]) => ms)
        .sort((a, b) => a - b);
    const saves = inWindow(r.saves);
    const lists = inWindow(r.lists);
    const f = (n: number) => n.toFixed(0);
    console.log(
      `\nSaves under load, ${usePglite ? 'PGlite' : 'PostgreSQL'}: ${WRITERS} writers chaining versions ` +
        `(articles of ${chars} characters), ${READERS} list readers, ${SECONDS} s after ${WARMUP} s ` +
        `(load average ${load0.toFixed(1)} → ${load1.toFixed(1)})\n`,
    );
    console.log(
      '| saves/s | save p50 ms | p95 ms | p99 ms | lists/s | list p50 ms | p99 ms | errors | lost |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${f(saves.length / SECONDS)} | ${f(percentile(saves, 50))} | ${f(percentile(saves, 95))} | ` +
        `${f(percentile(saves, 99))} | ${f(lists.length / SECONDS)} | ${f(percentile(lists, 50))} | ` +
        `${f(percentile(lists, 99))} | ${r.errors.length} | ${lost} |`,
    );
    if (cpu.length === 2) {
      const calls = saves.length + lists.length;
      const ms = (x: number) => ((x * 1000) / calls).toFixed(1);
      // PGlite runs in this thread, through no pg.Client: no backends, no statements counted.
      console.log(
        `\nCPU a call (saves and lists together): server main thread ${ms(cpu[1].main - cpu[0].main)} ms` +
          (usePglite
            ? ''
            : `, PostgreSQL backends ${ms(cpu[1].pg - cpu[0].pg)} ms; statements a call ` +
              `${((cpu[1].statements - cpu[0].statements) / calls).toFixed(1)}, a save alone ${saveStatements}`),
      );
    }
    for (const e of r.errors.slice(0, 5)) console.log(`  error: ${e}`);
    console.log();
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}
