/**
 * API throughput and latency with autocannon: the real app (buildApp, in this process) on a fresh seeded database —
 * embedded PGlite by default, a new PostgreSQL database with `--pg` — next to a bare Fastify route, which is the
 * ceiling of this machine and of Fastify itself.
 *
 * With `--pg`, each action also has its "same SQL" twin (issue 31): a bare Fastify route in this process that sends
 * exactly the statements one warm call of the action sent (recorded from the pool: same text, parameters, name and
 * row parsers, the concurrent ones concurrently) through its own `pg` pool of the same size, and answers the rows as
 * JSON. action ÷ twin is the API's own overhead, measured side by side: an action, its twin and its floors take turns
 * in 2-second slices (measureGroup). `--runs N` (default 1) repeats every figure and prints medians.
 * Each figure also has the server's main-thread CPU time per request (Linux /proc), and the ratio of those: req/s and
 * latency move with whatever else the machine runs, CPU per request much less. And the whole machine's CPU time per
 * request (/proc/stat): when the cores are nearly all busy (2026-12-01: about 1.8 of 2 for every target), req/s
 * follows it, and what the server's main thread does not explain was spent by PostgreSQL, autocannon or the kernel.
 * Each action also has a "floor": the same SQL on a bare app that also parses the cookie, adds the security headers
 * every reply of the product carries, and answers the action's own reply (its envelope, serialised per request). The
 * floor ÷ twin ratio is what those costs alone take; action ÷ floor is what is left to the product's own code.
 * Each action also has an "in-app floor": the same SQL and the same reply from a route added to a second build of the
 * product's own app, under /api, so with every hook and plugin an action has (the origin check, the cookie, the
 * security headers, the language pack's version) and none of the action's own code (the session, the input, the
 * handler): in-app floor ÷ floor is what the app's hooks take, action ÷ in-app floor what the action's code takes.
 * The ratios are also written to `$BENCH_SUMMARY` when set (bench/run.ts prints them at the end).
 *
 * autocannon runs in a worker thread (`workers: 1`): the server, and PGlite, which executes queries on the main
 * thread, keep the main event loop to themselves, and the load generator gets the other core.
 * p50 and p99 are of every response's own latency (latencyProbe.cjs, in that worker): autocannon's histogram keeps
 * whole milliseconds, so a p50 of 2 against 3 ms read 1.50× and 0 against 0 read 1.00×.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BroadcastChannel } from 'node:worker_threads';
import cookie from '@fastify/cookie';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { addSecurityHeaders } from '../server/http/securityHeaders';
import { prepareDatabase } from '../server/seed';
import { signIn } from './lib';

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
const usePg = process.argv.includes('--pg');
const runsArg = process.argv.find((a) => a.startsWith('--runs='));
/** `--only=<text>`: measure only the targets whose name holds it (e.g. to profile one action with --cpu-prof). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const RUNS = runsArg ? Math.max(1, Number(runsArg.slice('--runs='.length)) || 1) : 1;

/** A new, empty PostgreSQL database, dropped again by `drop()`. */
async function freshPostgres() {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const address = (app: FastifyInstance) => {
  const a = app.server.address() as { port: number };
  return `http://127.0.0.1:${a.port}`;
};

interface Target {
  name: string;
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** One request first: business errors come back as HTTP 200 with code ≠ 1, which autocannon would count as fine. */
async function check(t: Target) {
  const res = await fetch(t.url, { method: 'POST', headers: t.headers, body: t.body });
  const body = await res.json();
  if (res.status !== 200 || body.code !== 1)
    throw new Error(`${t.name}: ${res.status} ${JSON.stringify(body)}`);
}

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** The server's main thread's CPU time per request, µs: unlike req/s and latency, hardly swayed by other load. */
  busy: number;
  /**
   * The whole machine's CPU time per request, µs (every core: the server, PostgreSQL, autocannon, the kernel). Near
   * the machine's cores' worth of time a second, req/s is the cores ÷ this, whoever spends it.
   */
  machine: number;
}

/** Each response's latency from autocannon's worker (latencyProbe.cjs): its own histogram keeps whole ms. */
const latencies = new BroadcastChannel('bench-http-latency');
latencies.unref();
let received: number[] = [];
latencies.onmessage = (e) => {
  for (const ms of (e as unknown as { data: number[] }).data) received.push(ms);
};
const PROBE = path.join(import.meta.dirname, 'latencyProbe.cjs');

/** The latencies of a slice's `total` responses, once they have all come (their batches travel apart from its result). */
async function latenciesOf(total: number): Promise<number[]> {
  const until = performance.now() + 5_000;
  while (received.length < total && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  if (received.length < total)
    throw new Error(`latencies of ${received.length} responses of ${total} received`);
  const got = received;
  received = [];
  return got;
}

/** Each target of a group runs SLICES slices of SLICE_S seconds, in turn (see measureGroup). */
const SLICES = 5;
const SLICE_S = 2;

/**
 * Measures a group of targets (an action with its twin and floors) side by side: after a 2 s warm-up of each, they
 * take turns in slices of SLICE_S seconds, the order reversed every other round (A B C D, D C B A, …), so that a
 * change in the machine's speed during the group (other guests on the host, the CPU's clock) reaches each alike. One
 * 10-second stretch per target, one after the other, let such changes swing a ratio by ±0.2 between runs.
 */
async function measureGroup(group: Target[]): Promise<Figure[]> {
  const optsOf = (t: Target) => ({
    url: t.url,
    method: 'POST' as const,
    body: t.body,
    headers: t.headers,
    connections: 10,
    workers: 1,
  });
  for (const t of group) {
    await check(t);
    await autocannon({ ...optsOf(t), duration: 2 }); // warm-up: JIT, connection pools, PostgreSQL caches
  }
  const sums = group.map(() => ({
    requests: 0,
    seconds: 0,
    bad: 0,
    cpuMs: 0,
    machineMs: 0,
    ms: [] as number[],
  }));
  // With workers, autocannon takes setupClient as a module's path, which its worker requires (its types say a function).
  const setupClient = PROBE as unknown as (client: autocannon.Client) => void;
  const ahead = group.map((_, i) => i);
  for (let slice = 0; slice < SLICES; slice++) {
    for (const i of slice % 2 ? [...ahead].reverse() : ahead) {
      const sum = sums[i];
      const before = mainThreadCpuMs();
      const machineBefore = machineCpuMs();
      received = [];
      const r = await autocannon({ ...optsOf(group[i]), duration: SLICE_S, setupClient });
      sum.cpuMs += mainThreadCpuMs() - before;
      sum.machineMs += machineCpuMs() - machineBefore;
      sum.requests += r.requests.total;
      sum.seconds += r.duration;
      // Every response autocannon counted, 2xx or not (its own latency histogram keeps only the 2xx).
      sum.bad += r.errors + r.non2xx;
      for (const ms of await latenciesOf(r.requests.total)) sum.ms.push(ms);
    }
  }
  return group.map((t, i) => {
    const { requests, seconds, bad, cpuMs, machineMs, ms } = sums[i];
    ms.sort((a, b) => a - b);
    return {
      name: t.name,
      rps: requests / seconds,
      p50: ms[Math.floor(ms.length * 0.5)],
      p99: ms[Math.floor(ms.length * 0.99)],
      bad,
      busy: (cpuMs * 1000) / Math.max(1, requests),
      machine: (machineMs * 1000) / Math.max(1, requests),
    };
  });
}

/** CPU time of every core so far, ms, from Linux's /proc/stat (0 elsewhere): all but idle and I/O wait. */
function machineCpuMs(): number {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal, in clock ticks of 10 ms.
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time of this process's main thread so far, ms: the server's (autocannon runs in a worker thread). From Linux's
 * /proc (utime + stime of the thread whose id is the process's); elsewhere the event loop's busy time, which also
 * counts the time the thread waited for a core.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat(5) (utime, stime), counted here from field 3 (state), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return performance.eventLoopUtilization().active;
  }
}

/** One statement as the action's pool received it: drizzle's query config (text, name, row mode, parsers) and values. */
interface Sent {
  config: pg.QueryConfig;
  values: unknown[] | undefined;
  /** Sent while the previous statement was still running (e.g. a list's page and count under Promise.all). */
  concurrent: boolean;
}

/** The statements one call of `t` sends to `pool`, recorded by wrapping its query(). */
async function recordStatements(pool: pg.Pool, t: Target): Promise<Sent[]> {
  const sent: Sent[] = [];
  let running = 0;
  const original = pool.query;
  // biome-ignore lint/suspicious/noExplicitAny: pool.query has many overloads; the recorder passes every call through
  (pool as any).query = (config: pg.QueryConfig, values?: unknown[]) => {
    sent.push({ config, values, concurrent: running > 0 });
    running++;
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const result = (original as any).call(pool, config, values) as Promise<unknown>;
    return result.finally(() => running--);
  };
  try {
    await check(t);
  } finally {
    pool.query = original;
  }
  return sent;
}

/** Sends the recorded statements again, in the same order and grouping, and answers their rows. */
async function replay(pool: pg.Pool, sent: Sent[]) {
  const groups: Sent[][] = [];
  for (const s of sent) {
    if (s.concurrent && groups.length) groups[groups.length - 1].push(s);
    else groups.push([s]);
  }
  const rows: unknown[] = [];
  for (const group of groups) {
    const results = await Promise.all(group.map((s) => pool.query(s.config, s.values)));
    for (const r of results) rows.push(r.rows);
  }
  return rows;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const tmp = usePg ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-http-'));
const pgDb = usePg ? await freshPostgres() : undefined;
const database = await openDatabase(pgDb ? { url: pgDb.url } : { dir: tmp });
const bare = Fastify({ logger: false });
bare.post('/bare', async () => ({ code: 1, msg: '', data: null }));
// The floor (see the head comment): a bare app with the cookie plugin and the product's security headers.
const floor = Fastify({ logger: false });
await floor.register(cookie);
let app: FastifyInstance | undefined;
/** A second build of the app, for the in-app floors (routes cannot be added to the first once it listens). */
let inAppFloor: FastifyInstance | undefined;
let samePool: pg.Pool | undefined;
try {
  await prepareDatabase(database.db, {
    seed: true,
    adminEmail: 'owner@example.com',
    adminPassword: 'bench-pass-1',
  });
  // Defaults, without the SPA: only the API is measured.
  const config = { ...loadConfig({}), distDir: path.join(tmpdir(), 'bench-no-spa') };
  floor.addHook('onSend', (req, reply, payload, done) => {
    addSecurityHeaders(req, reply, config);
    done(null, payload);
  });
  app = await buildApp({ config, db: database.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = address(app);
  const json = { 'content-type': 'application/json' };
  const signedIn = { ...json, cookie: await signIn(base) };

  const actions: Target[] = [
    {
      name: 'POST /api/member/status (signed in)',
      url: `${base}/api/member/status?t=writer`,
      body: '{}',
      headers: signedIn,
    },
    {
      name: 'POST /api/category/all (signed in, 10 rows)',
      url: `${base}/api/category/all`,
      body: JSON.stringify({ query: { page: 1, size: 10, filters: [] } }),
      headers: signedIn,
    },
  ];
  const targets: Target[] = [];
  /** Pairs of (action, its same-SQL twin) by target name, for the ratios. */
  const twins: [string, string][] = [];
  /** Pairs of (action, its floor) by target name. */
  const floors: [string, string][] = [];
  /** Pairs of (action, its in-app floor) by target name. */
  const inAppFloors: [string, string][] = [];
  const statements: string[] = [];
  /** Each action's in-app floor: its target (its address set once that app listens), statements and reply. */
  const inApp: { target: Target; i: number; sent: Sent[]; reply: unknown }[] = [];
  if (usePg) {
    // The twin routes' own pool, as large as the app's (server/db/client.ts).
    samePool = new pg.Pool({ connectionString: pgDb?.url, max: 10 });
    // As the app's pool (db/client.ts): an idle connection the server ends must not take the bench down.
    samePool.on('error', (err) => console.error('same-SQL pool: connection lost:', err.message));
    const appPool = (database.db as unknown as { $client: pg.Pool }).$client;
    for (const [i, t] of actions.entries()) {
      await check(t); // warm: whatever the action caches per session is in place, as during the measurement
      const sent = await recordStatements(appPool, t);
      statements.push(
        `${t.name}: ${sent.length} statement(s)`,
        ...sent.map(
          (s) => `  ${s.concurrent ? '‖ ' : ''}${s.config.name ? `[${s.config.name}] ` : ''}${s.config.text}`,
        ),
      );
      const pool = samePool;
      bare.post(`/same/${i}`, async () => ({ code: 1, msg: '', data: await replay(pool, sent) }));
      const reply = await (await fetch(t.url, { method: 'POST', headers: t.headers, body: t.body })).json();
      floor.post(`/floor/${i}`, async (req) => {
        void req.cookies.sid;
        await replay(pool, sent);
        return reply;
      });
      const twin = {
        name: `bare route, same SQL as ${t.name.split(' (')[0].replace('POST ', '')}`,
        url: '',
        body: '{}',
        headers: json,
      };
      const shortName = t.name.split(' (')[0].replace('POST ', '');
      const floorTarget = {
        name: `floor: same SQL, cookie, security headers, same reply as ${shortName}`,
        url: `/floor/${i}`,
        body: '{}',
        headers: signedIn,
      };
      const inAppTarget = {
        name: `in-app floor: same SQL and reply in the app, as ${shortName}`,
        url: '',
        body: t.body,
        headers: t.headers,
      };
      targets.push(t, twin, floorTarget, inAppTarget);
      twins.push([t.name, twin.name]);
      floors.push([t.name, floorTarget.name]);
      inAppFloors.push([t.name, inAppTarget.name]);
      inApp.push({ target: inAppTarget, i, sent, reply });
    }
    inAppFloor = await buildApp({ config, db: database.db, logger: false });
    for (const x of inApp) {
      const pool = samePool;
      inAppFloor.post(`/api/bench-floor/${x.i}`, async (req) => {
        void req.cookies.sid;
        await replay(pool, x.sent);
        return x.reply;
      });
    }
    await inAppFloor.listen({ port: 0, host: '127.0.0.1' });
    for (const x of inApp) x.target.url = `${address(inAppFloor)}/api/bench-floor/${x.i}`;
  } else targets.push(...actions);
  targets.push({ name: 'bare Fastify route', url: '', body: '{}', headers: json });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  await floor.listen({ port: 0, host: '127.0.0.1' });
  for (const t of targets) if (t.url.startsWith('/floor/')) t.url = `${address(floor)}${t.url}`;
  let same = 0;
  for (const t of targets)
    if (!t.url)
      t.url = t.name === 'bare Fastify route' ? `${address(bare)}/bare` : `${address(bare)}/same/${same++}`;

  if (only) targets.splice(0, targets.length, ...targets.filter((t) => t.name.includes(only)));
  // Each action with its twin and floors is one group, measured side by side; any other target alone.
  const groups: Target[][] = [];
  for (const t of targets) {
    const action = [...twins, ...floors, ...inAppFloors].find(([, other]) => other === t.name)?.[0];
    const group = action && groups.find((g) => g[0].name === action);
    if (group) group.push(t);
    else groups.push([t]);
  }
  const runs: Figure[][] = [];
  for (let run = 0; run < RUNS; run++) {
    const byName = new Map<string, Figure>();
    for (const group of groups) for (const f of await measureGroup(group)) byName.set(f.name, f);
    runs.push(targets.map((t) => byName.get(t.name) as Figure));
  }
  const rows: Figure[] = targets.map((t, i) => ({
    name: t.name,
    rps: median(runs.map((r) => r[i].rps)),
    p50: median(runs.map((r) => r[i].p50)),
    p99: median(runs.map((r) => r[i].p99)),
    bad: runs.reduce((n, r) => n + r[i].bad, 0),
    busy: median(runs.map((r) => r[i].busy)),
    machine: median(runs.map((r) => r[i].machine)),
  }));

  const db = usePg ? 'PostgreSQL 127.0.0.1' : 'PGlite (embedded)';
  // Other work on the machine skews every figure: the 1-minute load average says how busy it was.
  const load = loadavg()[0].toFixed(1);
  const of = RUNS > 1 ? `, median of ${RUNS} runs` : '';
  console.log(
    `\nHTTP, ${db}: autocannon, 10 connections, ${SLICES * SLICE_S} s after a 2 s warm-up, an action and its twin and floors side by side in turns of ${SLICE_S} s${of} (load average ${load})\n`,
  );
  if (statements.length) console.log(`${statements.join('\n')}\n`);
  const each = RUNS > 1 ? ' | req/s per run |' : ' |';
  console.log(
    `| target | req/s | p50 ms | p99 ms | errors/non-2xx | server CPU µs/req | machine CPU µs/req${each}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|${RUNS > 1 ? '---|' : ''}`);
  rows.forEach((r, i) => {
    const per = RUNS > 1 ? ` ${runs.map((x) => Math.round(x[i].rps)).join(', ')} |` : '';
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.bad} | ${Math.round(r.busy)} | ${Math.round(r.machine)} |${per}`,
    );
  });
  const measured = twins.filter(([a, b]) => rows.some((r) => r.name === a) && rows.some((r) => r.name === b));
  const ratios = measured.map(([a, b]) => {
    const action = rows.find((r) => r.name === a) as Figure;
    const twin = rows.find((r) => r.name === b) as Figure;
    const at = (name: string) => targets.findIndex((t) => t.name === name);
    return {
      action: a,
      rps: twin.rps / action.rps,
      p50: action.p50 / twin.p50,
      busy: action.busy / Math.max(twin.busy, 1),
      machine: action.machine / Math.max(twin.machine, 1),
      perRun: runs.map((r) => r[at(b)].rps / r[at(a)].rps),
    };
  });
  if (ratios.length) {
    console.log(
      '\nAPI overhead (same-SQL route ÷ action in req/s; action ÷ same-SQL route in p50; target ≤ 1.3):',
    );
    for (const r of ratios)
      console.log(
        `  ${r.action}: ${r.rps.toFixed(2)}× req/s, ${r.p50.toFixed(2)}× p50, ${r.busy.toFixed(2)}× server CPU per request, ${r.machine.toFixed(2)}× machine CPU per request` +
          (RUNS > 1 ? ` (req/s per run: ${r.perRun.map((x) => `${x.toFixed(2)}×`).join(', ')})` : ''),
      );
  }
  const floorRatios = floors.flatMap(([a, f]) => {
    const action = rows.find((r) => r.name === a);
    const fl = rows.find((r) => r.name === f);
    const twin = rows.find((r) => r.name === twins.find(([x]) => x === a)?.[1]);
    return action && fl && twin ? [{ action: a, floor: twin.rps / fl.rps, own: fl.rps / action.rps }] : [];
  });
  if (floorRatios.length) {
    console.log(
      '\nOf which (req/s): same-SQL route ÷ floor (cookie, security headers, the reply), floor ÷ action:',
    );
    for (const r of floorRatios)
      console.log(
        `  ${r.action}: ${r.floor.toFixed(2)}× the floor, ${r.own.toFixed(2)}× the product's own code`,
      );
  }
  const appRatios = inAppFloors.flatMap(([a, f]) => {
    const action = rows.find((r) => r.name === a);
    const inside = rows.find((r) => r.name === f);
    const fl = rows.find((r) => r.name === floors.find(([x]) => x === a)?.[1]);
    return action && inside && fl
      ? [
          {
            action: a,
            hooks: inside.busy / Math.max(1, fl.busy),
            own: action.busy / Math.max(1, inside.busy),
          },
        ]
      : [];
  });
  if (appRatios.length) {
    console.log(
      "\nOf which (server CPU per request): in-app floor ÷ floor (the app's hooks), action ÷ in-app floor (the action's own code):",
    );
    for (const r of appRatios)
      console.log(
        `  ${r.action}: ${r.hooks.toFixed(2)}× the app's hooks, ${r.own.toFixed(2)}× the action's own code`,
      );
  }
  console.log();
  if (process.env.BENCH_SUMMARY && ratios.length)
    writeFileSync(process.env.BENCH_SUMMARY, JSON.stringify({ load, ratios }));
} finally {
  await app?.close();
  await inAppFloor?.close();
  await bare.close();
  await floor.close();
  await samePool?.end();
  await database.close();
  await pgDb?.drop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
