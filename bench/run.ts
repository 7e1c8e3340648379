/**
 * All benchmarks in turn, each in its own process so one does not warm up or load the next: bundle sizes (after
 * `npx vite build`), their check in Chromium when it is installed, HTTP and a hostile theme's isolation on PGlite, and
 * the same, content at scale and saves under load on PostgreSQL when a server answers at postgres://postgres@127.0.0.1:5432/postgres.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CHROMIUM_PATH } from '../tests/fixtures/chromium';

const root = path.resolve(import.meta.dirname, '..');
/** Where http.ts --pg leaves its API overhead ratios (issue 31), printed again at the end. */
const summary = path.join(tmpdir(), `bench-http-summary-${process.pid}.json`);
const run = (...args: string[]) => {
  const r = spawnSync('npx', ['tsx', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_SUMMARY: summary },
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed`);
};

async function postgresReachable() {
  const c = new pg.Client({
    connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 2000,
  });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

run('bench/bundle.ts');
if (existsSync(CHROMIUM_PATH)) run('bench/bundle-browser.ts');
else console.log(`Chromium not at ${CHROMIUM_PATH}: browser check skipped`);
run('bench/http.ts');
run('bench/isolation.ts');
if (await postgresReachable()) {
  run('bench/http.ts', '--pg');
  run('bench/isolation.ts', '--pg');
  run('bench/content.ts');
  run('bench/saves.ts');
  if (existsSync(summary)) {
    const { load, ratios } = JSON.parse(readFileSync(summary, 'utf8')) as {
      load: string;
      ratios: { action: string; rps: number; p50: number }[];
    };
    rmSync(summary);
    console.log(
      `\nAPI overhead on PostgreSQL, action vs a bare route sending the same SQL (load average ${load}):`,
    );
    for (const r of ratios)
      console.log(`  ${r.action}: ${r.rps.toFixed(2)}× req/s, ${r.p50.toFixed(2)}× p50`);
  }
} else
  console.log(
    'PostgreSQL not reachable on 127.0.0.1:5432: HTTP, isolation, content and saves on PostgreSQL skipped',
  );
