/**
 * The multi-instance harness's machinery (issue 32): a fresh PostgreSQL database, migrated and seeded once; server
 * processes started as in production (`node --import tsx server/main.ts`, one PORT each, the same DATABASE_URL and
 * secrets); and HAProxy started from docs/examples/haproxy.cfg, the example docs/deploy.md describes, with its
 * variables set here. Every wait polls with a deadline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../bench/lib';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/seed';

const root = path.resolve(import.meta.dirname, '../..');
export const PG_URL = process.env.MULTI_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const OWNER = { email: 'owner@example.com', password: 'multi-pass-1' };
/** The public site the seed makes, at demo.<SITE_DOMAIN>. */
export const DEMO_HOST = 'demo.sites.localhost';
/** Debian puts it in /usr/sbin, which a user's PATH may lack. */
const HAPROXY =
  process.env.HAPROXY_BIN || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');

/** Polls `check` every 50 ms until it answers true; fails naming `what` after `ms`. */
export async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A request with a Host header of our choosing (fetch does not send one; a GET unless `method` says): status and body. */
export function requestWithHost(
  url: string,
  host: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method, headers: { ...opts.headers, host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A new database on PG_URL's server, migrated and seeded (the owner, the demo site); `drop` removes it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `multi_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await prepareDatabase(database.db, {
      seed: true,
      adminEmail: OWNER.email,
      adminPassword: OWNER.password,
    });
  } finally {
    await database.close();
  }
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** One server process, restartable on its port. */
export class Instance {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  /** The process's last output lines, shown when something fails. */
  readonly output: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and waits until its /readyz answers 200. */
  async start(readyWithinMs = 180_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
      this.output.splice(0, Math.max(0, this.output.length - 200));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    await until(
      `${this.name} ready`,
      async () => {
        if (child.exitCode !== null)
          throw new Error(`${this.name} exited with ${child.exitCode}: ${this.tail()}`);
        return (await fetch(`${this.base}/readyz`)).status === 200;
      },
      readyWithinMs,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${this.tail()}`);
    });
  }

  /** Sends `signal` and answers the exit code, failing after `ms`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', ms = 30_000): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${this.name} did not exit within ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends the process whatever it is doing (clean-up). */
  kill(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  tail(lines = 30): string {
    return this.output.slice(-lines).join('\n');
  }
}

/** The servers docs/examples/haproxy.cfg names (APP1…APP3). */
const PROXY_SERVERS = 3;

/** HAProxy from docs/examples/haproxy.cfg, its servers being `instances`. */
export class HaProxy {
  private child: ChildProcess | undefined;
  readonly output: string[] = [];

  constructor(
    readonly port: number,
    readonly statsPort: number,
    private readonly instances: Instance[],
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // Fewer instances than the example's servers (a bench of one): the rest are the same instances again.
    const servers = Object.fromEntries(
      Array.from({ length: PROXY_SERVERS }, (_, i) => [
        `APP${i + 1}`,
        `127.0.0.1:${this.instances[i % this.instances.length].port}`,
      ]),
    );
    const child = spawn(HAPROXY, ['-db', '-f', path.join(root, 'docs/examples/haproxy.cfg')], {
      env: {
        ...process.env,
        PROXY_BIND: `127.0.0.1:${this.port}`,
        PROXY_STATS_BIND: `127.0.0.1:${this.statsPort}`,
        ...servers,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => this.output.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await until('every server UP in HAProxy', () => this.allUp(), 30_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${this.output.join('\n')}`);
    });
  }

  /** The backend's servers as HAProxy's statistics give them: status (UP, DOWN, …) and sessions so far. */
  async servers(): Promise<Map<string, { status: string; total: number }>> {
    const csv = await (await fetch(`http://127.0.0.1:${this.statsPort}/stats;csv`)).text();
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const found = new Map<string, { status: string; total: number }>();
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[at('pxname')] !== 'app' || !/^app\d+$/.test(cells[at('svname')])) continue;
      found.set(cells[at('svname')], { status: cells[at('status')], total: Number(cells[at('stot')]) });
    }
    return found;
  }

  /** Whether the server of `instance` is UP in HAProxy. */
  async isUp(instance: Instance): Promise<boolean> {
    const i = this.instances.indexOf(instance);
    return (await this.servers()).get(`app${i + 1}`)?.status === 'UP';
  }

  async allUp(): Promise<boolean> {
    const servers = await this.servers();
    return servers.size === PROXY_SERVERS && [...servers.values()].every((s) => s.status === 'UP');
  }

  stop(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
  }
}

/**
 * The whole set-up: a database, `count` servers and the proxy in front of them. `env` adds to (or overrides) what
 * every instance gets, e.g. SMTP_URL to a sink or S3_* to tests/fixtures/s3Server.ts.
 */
export async function startCluster(count: number, opts: { env?: NodeJS.ProcessEnv } = {}) {
  const database = await freshDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'multi-'));
  const [proxyPort, statsPort, ...ports] = await Promise.all(
    Array.from({ length: count + 2 }, () => freePort()),
  );
  // What every instance shares: the database, the secrets, the addresses users see (the proxy's), the folders.
  const shared: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    SITE_PORT: String(proxyPort),
    TRUST_PROXY: '1',
    ADMIN_PASSWORD: OWNER.password,
    PAYMENT_NOTIFY_SECRET: randomBytes(32).toString('hex'),
    CAPTCHA_MAX_COUNTER: '1000',
    DIST_DIR: path.join(dir, 'no-spa'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    I18N_DIR: path.join(dir, 'i18n'),
    MAIL_DIR: path.join(dir, 'mail'),
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  const instances = ports.map(
    (port, i) => new Instance(`app${i + 1}`, port, { ...shared, DATA_DIR: path.join(dir, `app${i + 1}`) }),
  );
  const proxy = new HaProxy(proxyPort, statsPort, instances);
  const close = async () => {
    proxy.stop();
    await Promise.all(instances.map((s) => s.stop('SIGTERM', 10_000).catch(() => s.kill())));
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((s) => s.start()));
    await proxy.start();
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
  return { database, instances, proxy, close };
}
