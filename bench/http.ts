/**
 * API throughput and latency with autocannon: the real app (buildApp, in this process) on a fresh seeded database —
 * embedded PGlite by default, a new PostgreSQL database with `--pg` — next to a bare Fastify route, which is the
 * ceiling of this machine and of Fastify itself.
 *
 * autocannon runs in a worker thread (`workers: 1`): the server, and PGlite, which executes queries on the main
 * thread, keep the main event loop to themselves, and the load generator gets the other core.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { prepareDatabase } from '../server/seed';
import { signIn } from './lib';

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
const usePg = process.argv.includes('--pg');

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

async function measure(t: Target) {
  await check(t);
  const opts = {
    url: t.url,
    method: 'POST' as const,
    body: t.body,
    headers: t.headers,
    connections: 10,
    workers: 1,
  };
  await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, connection pools, PostgreSQL caches
  const r = await autocannon({ ...opts, duration: 10 });
  return {
    name: t.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.errors + r.non2xx,
  };
}

const tmp = usePg ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-http-'));
const pgDb = usePg ? await freshPostgres() : undefined;
const database = await openDatabase(pgDb ? { url: pgDb.url } : { dir: tmp });
const bare = Fastify({ logger: false });
bare.post('/bare', async () => ({ code: 1, msg: '', data: null }));
let app: FastifyInstance | undefined;
try {
  await prepareDatabase(database.db, {
    seed: true,
    adminEmail: 'owner@example.com',
    adminPassword: 'bench-pass-1',
  });
  // Defaults, without the SPA: only the API is measured.
  const config = { ...loadConfig({}), distDir: path.join(tmpdir(), 'bench-no-spa') };
  app = await buildApp({ config, db: database.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const base = address(app);
  const json = { 'content-type': 'application/json' };
  const signedIn = { ...json, cookie: await signIn(base) };

  const targets: Target[] = [
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
    { name: 'bare Fastify route', url: `${address(bare)}/bare`, body: '{}', headers: json },
  ];
  const rows = [];
  for (const t of targets) rows.push(await measure(t));

  const db = usePg ? 'PostgreSQL 127.0.0.1' : 'PGlite (embedded)';
  // Other work on the machine skews every figure: the 1-minute load average says how busy it was.
  const load = loadavg()[0].toFixed(1);
  console.log(`\nHTTP, ${db}: autocannon, 10 connections, 10 s after a 2 s warm-up (load average ${load})\n`);
  console.log('| target | req/s | p50 ms | p99 ms | errors/non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.bad} |`);
  console.log();
} finally {
  await app?.close();
  await bare.close();
  await database.close();
  await pgDb?.drop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
