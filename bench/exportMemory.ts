/**
 * The member CSV export's memory on the server alone (issue 31: "server memory growth ≤ 100 MB"): the real server in
 * its own process on the bench:seed database, the export read by this process and thrown away as it arrives, and the
 * server's resident memory (VmRSS of /proc/<pid>/status) sampled every 20 ms. search.ts measures the same export in
 * one process, where the reading client's memory counts too.
 *
 *   BENCH_DB=bench_scale npx tsx bench/exportMemory.ts [--runs 3]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PG_URL, signIn, startServer } from './lib';

const BENCH_DB = process.env.BENCH_DB || 'bench_scale';
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
const url = new URL(PG_URL);
url.pathname = `/${BENCH_DB}`;

/** Resident memory of a process, in MB. */
const rssOf = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-export-'));
let server: ChildProcess | undefined;
try {
  const started = await startServer(dataDir, { DATABASE_URL: url.toString() });
  server = started.server;
  const base = started.base;
  const pid = started.server.pid as number;
  const headers = { 'content-type': 'application/json', cookie: await signIn(base) };
  const results: { rows: number; seconds: number; before: number; growth: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const start = performance.now();
    const res = await fetch(`${base}/api/profile/export`, { method: 'POST', headers, body: '{}' });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    results.push({ rows: lines - 1, seconds, before, growth: peak - before });
    console.error(
      `  run ${run + 1}: ${lines - 1} rows in ${seconds.toFixed(1)} s, server RSS +${(peak - before).toFixed(0)} MB`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\nMember CSV export, server in its own process (${BENCH_DB}), load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log('| run | rows | rows/s | server RSS before MB | growth MB |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const [i, r] of results.entries()) {
    const rowsPerSecond = Math.round(r.rows / r.seconds);
    console.log(
      `| ${i + 1} | ${r.rows} | ${rowsPerSecond} | ${r.before.toFixed(0)} | ${r.growth.toFixed(0)} |`,
    );
  }
  console.log(
    `median: ${Math.round(median(results.map((r) => r.rows / r.seconds)))} rows/s, growth ${median(results.map((r) => r.growth)).toFixed(0)} MB`,
  );
} finally {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
