/**
 * One site's hostile theme against everyone else (issue 28): the real server (server/main.ts, its own process, over
 * HTTP) on a fresh database — PGlite in a temp folder by default, a new PostgreSQL database with `--pg` — with two
 * published sites. The demo site wears a theme whose 404.liquid loops 25 million times; another site keeps the
 * built-in theme and 500 published articles. The admin's member/status (signed in) and the other site's uncached
 * search page and cached home are measured with autocannon, first alone (baseline), then while an attacker keeps 8
 * requests for missing pages of the demo site in flight. Prints p50/p99 and req/s of both phases and the ratio of
 * the p99s (target: at most 2), how the attack's requests were answered, and the server process's RSS and CPU (its
 * main thread's and the rest's: the render workers).
 *
 * autocannon runs in a worker thread (`workers: 1`), the attacker on this process's main thread; the server, its
 * render workers, the load generator (and PostgreSQL, with `--pg`) share the machine's cores.
 *
 * `--hog` is the control: phase 2 runs a plain busy loop in a separate process (one core's worth, as the looping
 * render) instead of the attack, to tell what the server's isolation lets through from what a busy core costs
 * anyway.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { createSite } from '../server/modules/sites/service';
import { sites, users } from '../server/modules/tables';
import { prepareDatabase } from '../server/seed';
import { RENDER_LIMITS } from '../server/workers/renderLimits';
import { FIXTURE_THEME, storeTheme } from '../tests/fixtures/publicSite';
import { signIn, startServer } from './lib';

const PG_ADMIN = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const usePg = process.argv.includes('--pg');
const hog = process.argv.includes('--hog');
const PASSWORD = 'bench-pass-1';
/** Published articles of the other site (what its search reads and its home lists). */
const ITEMS = Number(process.env.BENCH_ITEMS || 500);
/** Seconds each figure is measured, after a 2 s warm-up. */
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
/** Hostile requests kept in flight. */
const ATTACKERS = 8;
const LOOP = '{% for i in (1..5000) %}{% for j in (1..5000) %}{{ j }}{% endfor %}{% endfor %}';
const OTHER_SLUG = 'bench-other';

/** A new, empty PostgreSQL database, dropped again by `drop()`. */
async function freshPostgres() {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Seeds the database the server will open: the demo site (seed) with the looping theme applied, and another
 * published site on the built-in theme with ITEMS published articles. Closed again before the server starts
 * (PGlite is one process's).
 */
async function prepare(where: { url: string } | { dir: string }) {
  const database = await openDatabase(where);
  const db = database.db;
  try {
    await prepareDatabase(db, { seed: true, adminEmail: 'owner@example.com', adminPassword: PASSWORD });
    const [owner] = await db.select().from(users).where(eq(users.email, 'owner@example.com'));
    const [demo] = await db.select().from(sites).where(eq(sites.slug, 'demo'));
    const other = await db.transaction((tx) =>
      createSite(tx, { name: '隔壁的網站', ownerId: owner.id, slug: OTHER_SLUG }),
    );
    await db.update(sites).set({ published: true }).where(eq(sites.id, other.id));
    const { themeId } = await storeTheme(
      db,
      demo.id,
      { ...FIXTURE_THEME, 'templates/404.liquid': LOOP },
      'Loop',
    );
    await db.update(sites).set({ published: true, themeId }).where(eq(sites.id, demo.id));
    const paragraph = '臺灣的山林步道四通八達，從平地的郊山到三千公尺的高山都有，四季各有風景。';
    await db.execute(sql`
      INSERT INTO contents (site_id, uuid, type, lang_id, slug, title, subtitle, body, abstract, reading_time, cover,
        seo, status, publish_ts, published, created_at, updated_at)
      SELECT ${other.id}, gen_random_uuid(), 1, 1, 'post-' || i, t.title, '副標題', t.body, t.abstract, 1, '',
        '{"title":"","content":""}'::jsonb, 1, t.at,
        jsonb_build_object('title', t.title, 'subtitle', '副標題', 'content', t.body, 'cover', '',
          'abstract', t.abstract, 'seo', '{"title":"","content":""}'::jsonb),
        t.at, t.at
      FROM generate_series(1, ${ITEMS}) AS i,
        LATERAL (SELECT
          '文章 ' || i || ' ' || (ARRAY['臺北市的天氣','人工智慧的未來','咖啡文化散步','阿里山登山步道','電動車充電站'])[1 + i % 5]
            AS title,
          jsonb_build_object('blocks', jsonb_build_array(
            jsonb_build_object('type', 'paragraph', 'data', jsonb_build_object('text', ${paragraph}::text || i)),
            jsonb_build_object('type', 'paragraph', 'data', jsonb_build_object('text', ${paragraph}::text)),
            jsonb_build_object('type', 'paragraph', 'data', jsonb_build_object('text', ${paragraph}::text))))
            AS body,
          left(${paragraph}::text || i, 120) AS abstract,
          now() - (i || ' minutes')::interval AS at) AS t`);
    await db.execute(sql`ANALYZE`);
  } finally {
    await database.close();
  }
}

/** The server process's resident memory, in MB (VmRSS of /proc/<pid>/status). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** CPU seconds used so far by the whole server process (every thread, ended ones too) and by its main thread. */
function cpu(pid: number) {
  // utime and stime, the 14th and 15th fields of stat, in clock ticks (100 a second on Linux).
  const seconds = (file: string) => {
    const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return {
    at: performance.now(),
    all: seconds(`/proc/${pid}/stat`),
    main: seconds(`/proc/${pid}/task/${pid}/stat`),
  };
}

/** Cores' worth of CPU between two readings: the process's, its main thread's, and the rest (mostly workers). */
function cores(a: ReturnType<typeof cpu>, b: ReturnType<typeof cpu>) {
  const wall = (b.at - a.at) / 1000;
  const all = (b.all - a.all) / wall;
  const main = (b.main - a.main) / wall;
  return `${all.toFixed(2)} cores (main thread ${main.toFixed(2)}, other threads ${(all - main).toFixed(2)})`;
}

interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** What the first request must answer (business errors are HTTP 200 too). */
  check: (status: number, body: string) => boolean;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

/** One request through node:http (fetch drops a Host header of its own): status and body. */
function request(port: number, t: Pick<Target, 'path' | 'method' | 'headers' | 'body'>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: t.path, method: t.method, headers: t.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(t.body);
  });
}

async function measure(port: number, t: Target): Promise<Figures> {
  const res = await request(port, { ...t, path: t.path.replace('[<id>]', 'check') });
  if (!t.check(res.status, res.body)) throw new Error(`${t.name}: ${res.status} ${res.body.slice(0, 300)}`);
  const opts = {
    url: `http://127.0.0.1:${port}${t.path}`,
    method: t.method,
    headers: t.headers,
    body: t.body,
    connections: CONNECTIONS,
    workers: 1,
    // `[<id>]` in the address becomes a new id on every request: a page never asked for before.
    idReplacement: t.path.includes('[<id>]'),
  };
  await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, connection pools, database caches
  const r = await autocannon({ ...opts, duration: SECONDS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.non2xx };
}

/** The control: a process that only spins, for as long as the attack would last. */
function busyLoop() {
  const child = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
  return {
    answers: new Map<string, number>(),
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** ATTACKERS requests for missing pages of the demo site, each sent again as soon as it is answered. */
function attack(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: ATTACKERS });
  const answers = new Map<string, number>();
  const count = (k: string) => answers.set(k, (answers.get(k) ?? 0) + 1);
  let running = true;
  let n = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/no-such-page-${n++}`,
          headers: { host: 'demo.sites.localhost' },
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            count(String(res.statusCode));
            resolve();
          });
        },
      );
      req.on('error', () => {
        count('error');
        resolve();
      });
    });
  const loops = Array.from({ length: ATTACKERS }, async () => {
    while (running) await one();
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-isolation-'));
const pgDb = usePg ? await freshPostgres() : undefined;
let server: ChildProcess | undefined;
try {
  let start = performance.now();
  await prepare(pgDb ? { url: pgDb.url } : { dir: path.join(dataDir, 'pglite') });
  console.log(
    `\nSeeded (${ITEMS} articles on the other site) in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );

  start = performance.now();
  const started = await startServer(dataDir, {
    ADMIN_PASSWORD: PASSWORD,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  server = started.server;
  const { base, port } = started;
  console.log(
    `Server up in ${((performance.now() - start) / 1000).toFixed(1)} s (pid ${started.server.pid})`,
  );
  const pid = started.server.pid as number;

  const json = { 'content-type': 'application/json' };
  const signedIn = { ...json, cookie: await signIn(base, PASSWORD) };
  const other = { host: `${OTHER_SLUG}.sites.localhost` };
  const page = (status: number, body: string) => status === 200 && body.includes('<html');
  const q = encodeURIComponent('阿里山');
  const targets: Target[] = [
    {
      name: 'admin POST /api/member/status (signed in)',
      path: '/api/member/status?t=writer',
      method: 'POST',
      headers: signedIn,
      body: '{}',
      check: (status, body) => status === 200 && JSON.parse(body).code === 1,
    },
    {
      name: `other site /search?q=阿里山 (uncached, ${ITEMS / 5} matches)`,
      path: `/search?q=${q}&n=[<id>]`,
      method: 'GET',
      headers: other,
      check: page,
    },
    { name: 'other site home / (cached)', path: '/', method: 'GET', headers: other, check: page },
  ];

  // The attacked site answers its missing pages with the looping theme (a 500 after the render's time limit). The
  // first render also starts the render workers; the second is one render alone.
  const probes: string[] = [];
  for (const n of [1, 2]) {
    start = performance.now();
    const probe = await request(port, {
      path: `/no-such-page-probe-${n}`,
      method: 'GET',
      headers: { host: 'demo.sites.localhost' },
    });
    probes.push(`${probe.status} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
  console.log(`One hostile request alone: ${probes.join(' (the workers starting), then ')}`);

  const load0 = loadavg()[0].toFixed(1);
  const baseline: Figures[] = [];
  const cpu0 = cpu(pid);
  for (const t of targets) baseline.push(await measure(port, t));
  const cpu1 = cpu(pid);
  const rssBefore = rssMb(pid);

  const attacker = hog ? busyLoop() : attack(port);
  let rssMax = rssBefore;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, rssMb(pid));
  }, 250);
  // Let the attack settle (the demo site's turn taken, its queue full, workers being replaced), then what it costs
  // the server alone, before anything is measured beside it.
  await new Promise((r) => setTimeout(r, 3000));
  const cpuAlone = cpu(pid);
  await new Promise((r) => setTimeout(r, 5000));
  const cpuAloneEnd = cpu(pid);
  const attacked: Figures[] = [];
  const attackStart = performance.now();
  const cpu2 = cpu(pid);
  for (const t of targets) attacked.push(await measure(port, t));
  const cpu3 = cpu(pid);
  const attackSeconds = (performance.now() - attackStart) / 1000;
  await attacker.stop();
  clearInterval(sampler);
  const rssAfter = rssMb(pid);
  const load1 = loadavg()[0].toFixed(1);

  const db = `${usePg ? 'PostgreSQL 127.0.0.1' : 'PGlite (embedded, in the server process)'}${hog ? ', control: busy loop' : ''}`;
  console.log(
    `\nIsolation, ${db}: ${availableParallelism()} cores, render workers ${RENDER_LIMITS.threads}, ` +
      `perSite ${RENDER_LIMITS.perSite}; autocannon ${CONNECTIONS} connections, ${SECONDS} s after a 2 s warm-up, ` +
      `each figure in turn; load average ${load0} before, ${load1} after\n`,
  );
  console.log(
    '| figure | baseline req/s | p50 ms | p99 ms | attacked req/s | p50 ms | p99 ms | p99 ratio | non-2xx |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  targets.forEach((t, i) => {
    const b = baseline[i];
    const a = attacked[i];
    const ratio = b.p99 > 0 ? (a.p99 / b.p99).toFixed(1) : '–';
    console.log(
      `| ${t.name} | ${Math.round(b.rps)} | ${b.p50} | ${b.p99} | ${Math.round(a.rps)} | ${a.p50} | ${a.p99} | ` +
        `${ratio}× | ${b.bad} / ${a.bad} |`,
    );
  });
  const answers = [...attacker.answers].sort().map(([k, v]) => `${k}: ${v}`);
  const total = [...attacker.answers.values()].reduce((s, v) => s + v, 0);
  if (hog)
    console.log(
      `\nControl (--hog): a busy-loop process instead of the attack, ${attackSeconds.toFixed(0)} s`,
    );
  else
    console.log(
      `\nAttack: ${ATTACKERS} requests in flight for ${attackSeconds.toFixed(0)} s (after 3 s settling and 5 s alone), ${total} answered — ` +
        `${answers.join(', ')}`,
    );
  console.log(
    `Server RSS: ${rssBefore.toFixed(0)} MB before the attack, ${rssMax.toFixed(0)} MB at most during it, ` +
      `${rssAfter.toFixed(0)} MB after`,
  );
  console.log(
    `Server CPU: baseline ${cores(cpu0, cpu1)}; ${hog ? 'busy loop' : 'attack'} alone, nothing measured ` +
      `${cores(cpuAlone, cpuAloneEnd)}; under ${hog ? 'the busy loop' : 'attack'} ${cores(cpu2, cpu3)}`,
  );
  // What the server logged (warn and above), by message: the attack's render failures, say.
  const messages = new Map<string, number>();
  for (const line of readFileSync(path.join(dataDir, 'server.log'), 'utf8').split('\n').filter(Boolean)) {
    let msg: string | undefined;
    try {
      msg = JSON.parse(line).msg;
    } catch {
      // not pino's JSON: the start-up banner
    }
    if (msg) messages.set(msg, (messages.get(msg) ?? 0) + 1);
  }
  console.log(`Server log: ${[...messages].map(([m, k]) => `${k} × ${m}`).join('; ') || 'nothing'}\n`);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
