/**
 * What the benchmarks share: a fresh database and timing with percentiles (content.ts, render.ts), and a real sign-in
 * over HTTP (http.ts, isolation.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { openDatabase } from '../server/db/client';

export const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const usePglite = process.argv.includes('--pglite');

/** A new database: PGlite in a temp folder (`--pglite`), else a new one on PG_URL's server; `drop` removes it. */
export async function freshDatabase(name: string) {
  if (usePglite) {
    const dir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
    return {
      database: await openDatabase({ dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const db = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${db}`;
  return {
    database: await openDatabase({ url: url.toString() }),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await c.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
}

/** Times `runs` sequential calls (`before` runs untimed ahead of each); answers p50, p95, p99 in ms. */
export async function time(
  runs: number,
  call: (i: number) => Promise<void>,
  before?: (i: number) => Promise<void>,
): Promise<Timing> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.(i);
    const start = performance.now();
    await call(i);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) };
}

/** A real sign-in, as the SPA does it: solve the ALTCHA challenge, log in, keep the `sid` cookie. */
export async function signIn(
  base: string,
  password = 'bench-pass-1',
  account = 'owner@example.com',
): Promise<string> {
  const challenge = await (await fetch(`${base}/api/captcha?v=localhost`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await fetch(`${base}/api/member/login?t=writer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password, token, remember: false }),
  });
  const body = await res.json();
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  if (body.code !== 1 || !sid) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return sid;
}

/**
 * The real server in its own process (node itself, not npx: its pid is the server's, whose memory and CPU a bench
 * reads), on a free port, its data and log in `dataDir`, no SPA. Answers once /readyz says ready, which waits for the
 * render workers: their start is not what a bench measures.
 */
export async function startServer(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ server: ChildProcess; base: string; port: number }> {
  const port = await freePort();
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DIST_DIR: path.join(dataDir, 'no-spa'),
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/readyz`, server);
  return { server, base, port };
}

/** Waits until `url` answers 2xx from the started `server` (at most 60 s); throws if the server exits first. */
export async function waitUntilUp(url: string, server: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start within 60 s');
}

/** A port nobody listens on: let the OS pick one, then free it for the server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
