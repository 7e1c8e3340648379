/**
 * One instance vs three, through the proxy (issue 32): tests/multi/cluster.ts's set-up (a fresh PostgreSQL database,
 * the server processes, HAProxy from docs/examples/haproxy.cfg) with 1 instance, then with 3, each measured with
 * autocannon through the proxy on the admin's `member/status` and the demo site's cached home: req/s, p50, p99 and the
 * failed requests. Everything runs on this machine: the instances, PostgreSQL, HAProxy and autocannon share its cores.
 *
 *   npx tsx bench/multi.ts
 */
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { DEMO_HOST, OWNER, requestWithHost, startCluster } from '../tests/multi/cluster';
import { signIn } from './lib';

const CONNECTIONS = 10;
const SECONDS = 10;

interface Target {
  name: string;
  opts: autocannon.Options;
  /** One request first: it must be answered as the load will be (a business error is an HTTP 200 too). */
  check(): Promise<boolean>;
}

async function measure(t: Target) {
  if (!(await t.check())) throw new Error(`${t.name}: not answered as expected`);
  const opts = { ...t.opts, connections: CONNECTIONS };
  await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, connection pools, page caches
  const r = await autocannon({ ...opts, duration: SECONDS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.non2xx };
}

async function run(count: number) {
  const cluster = await startCluster(count);
  try {
    const base = cluster.proxy.base;
    const owner = await signIn(base, OWNER.password);
    // Published: its home is the page visitors get (and the one cached).
    const published = await fetch(`${base}/api/site/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner },
      body: JSON.stringify({ publish: true }),
    });
    if ((await published.json()).code !== 1) throw new Error('site/publish failed');
    const status = {
      url: `${base}/api/member/status?t=writer`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', cookie: owner },
      body: '{}',
    };
    const targets: Target[] = [
      {
        name: 'member/status',
        opts: status,
        check: async () => {
          const res = await fetch(status.url, status);
          return res.status === 200 && (await res.json()).code === 1;
        },
      },
      {
        name: 'public home',
        opts: { url: `${base}/`, headers: { host: DEMO_HOST } },
        check: async () => {
          const page = await requestWithHost(`${base}/`, DEMO_HOST);
          return page.status === 200 && page.body.includes('<html');
        },
      },
    ];
    const rows = [];
    for (const t of targets) rows.push({ instances: count, target: t.name, ...(await measure(t)) });
    return rows;
  } finally {
    await cluster.close();
  }
}

const load0 = loadavg()[0].toFixed(2);
const rows = [...(await run(1)), ...(await run(3))];
console.log(
  `\nThrough HAProxy, 1 instance vs 3 (${availableParallelism()} cores; autocannon ${CONNECTIONS} connections, ` +
    `${SECONDS} s after a 2 s warm-up; load average ${load0} before, ${loadavg()[0].toFixed(2)} after)\n`,
);
console.log('instances  target          req/s    p50 ms  p99 ms  failed');
for (const r of rows)
  console.log(
    `${String(r.instances).padEnd(9)}  ${r.target.padEnd(14)}  ${r.rps.toFixed(0).padStart(6)}  ` +
      `${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${r.bad}`,
  );
