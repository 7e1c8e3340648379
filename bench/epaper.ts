/**
 * E-paper delivery at size: 40,000 members of one site get one e-paper through a local SMTP sink (bench/smtpSink.ts,
 * a minimal one in this process that records every DATA it accepts), sent by the server's own sender job (server/jobs/epaperSender.ts) running in a CHILD process, which
 * is killed with SIGKILL once about 40% of the mails have arrived, and started again. The figures: the total time,
 * the mails per recipient in the sink (duplicates, misses), the distinct Message-IDs per recipient, and how many
 * deliveries were ambiguous (left `sending` by the killed child) and sent again.
 *
 *   npx tsx bench/epaper.ts                 # a fresh database on PostgreSQL (BENCH_PG_URL), dropped after
 *   BENCH_MEMBERS=40000 BENCH_KILL_AT=0.4 npx tsx bench/epaper.ts
 *   BENCH_LEASE_MS=15000                    # the children's lease (default: the sender's EPAPER_LEASE_MS)
 *   BENCH_CPU_PROF=/tmp/prof                # children run with --cpu-prof; the restarted one's profile is written
 *
 * PostgreSQL only: two processes share the database, which PGlite cannot.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { pooledSmtpMailer } from '../server/adapters/mail';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { EPAPER_LEASE_MS, startEpaperSender } from '../server/jobs/epaperSender';
import { RESENT_NOTE } from '../server/modules/epaper/sends';
import { contents, epaperDeliveries, epaperSends, readers, sites } from '../server/modules/tables';
import { ensureSecret, prepareDatabase } from '../server/seed';
import { PG_URL } from './lib';
import { smtpSink } from './smtpSink';

const MEMBERS = Number(process.env.BENCH_MEMBERS || 40_000);
const KILL_AT = Number(process.env.BENCH_KILL_AT || 0.4);
/** The child's lease: how long the deliveries a killed child held wait before another sender takes them. */
/** A folder: the children run with --cpu-prof into it (the second one's profile is written as it ends). */
const PROFILE = process.env.BENCH_CPU_PROF;
const LEASE_MS = Number(process.env.BENCH_LEASE_MS || EPAPER_LEASE_MS);

/** The child: the sender job alone, on the given database and SMTP port, until killed. */
async function child(url: string, port: number) {
  const database = await openDatabase({ url });
  const config = loadConfig({});
  const sender = startEpaperSender(
    {
      db: database.db,
      now: Date.now,
      log: { info: () => {}, warn: () => {}, error: (o: unknown, m?: string) => console.error(m, o) },
      mailer: pooledSmtpMailer(`smtp://127.0.0.1:${port}`, config.mailFrom, { connections: 8 }),
      secret: await ensureSecret(database.db),
      config,
    },
    { intervalMs: 250, leaseMs: LEASE_MS, batch: 25, workers: 8 },
  );
  process.stdout.on('error', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  setInterval(() => process.stdout.write(`${JSON.stringify(sender.stats)}\n`), 500);
}

async function main() {
  // A database of its own on PG_URL's server, which the child processes open too; dropped at the end.
  const name = `bench_epaper_${randomBytes(4).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${name}`;
  const url = dbUrl.toString();
  const database = await openDatabase({ url });
  const drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const { db } = database;
  const { server: sink, record } = smtpSink();
  const { received, messageIds } = record;
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.address() as AddressInfo).port;
  const children: ChildProcess[] = [];
  try {
    await prepareDatabase(db, { seed: true, adminEmail: 'owner@example.com', adminPassword: 'bench-pass-1' });
    const [site] = await db.select().from(sites).where(eq(sites.slug, 'demo'));
    await db.execute(sql`INSERT INTO ${readers} (site_id, email, name)
      SELECT ${site.id}, 'member' || g || '@example.com', 'Member ' || g FROM generate_series(1, ${MEMBERS}) g`);
    const [paper] = await db
      .insert(contents)
      .values({
        siteId: site.id,
        uuid: crypto.randomUUID(),
        type: 4,
        title: '四十萬字的電子報',
        body: {
          blocks: [
            { type: 'header', data: { text: '本週重點', level: 2 } },
            { type: 'paragraph', data: { text: '這是一份寄給四萬位會員的電子報。'.repeat(20) } },
          ],
        },
        seo: { title: '', content: '' },
      })
      .returning();
    // Straight into the table (the API's quota is not what is measured): due now.
    const [send] = await db
      .insert(epaperSends)
      .values({
        siteId: site.id,
        contentId: paper.id,
        audience: { kind: 'all' },
        status: 'scheduled',
        scheduledAt: new Date(),
        total: MEMBERS,
      })
      .returning();
    console.log(`${MEMBERS} members; sink on ${port}; lease ${LEASE_MS} ms; kill at ${KILL_AT * 100}%`);

    const startChild = () => {
      const c = spawn(
        process.execPath,
        [
          ...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE] : []),
          '--import',
          'tsx',
          'bench/epaper.ts',
          '--child',
          url,
          String(port),
        ],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let last = '';
      c.stdout?.on('data', (d: Buffer) => {
        const lines = d.toString().trim().split('\n');
        last = lines[lines.length - 1] || last;
      });
      children.push(c);
      return { c, stats: () => last };
    };

    const start = performance.now();
    const first = startChild();
    while (record.total < MEMBERS * KILL_AT) await new Promise((r) => setTimeout(r, 20));
    first.c.kill('SIGKILL');
    const killedAt = performance.now() - start;
    const atKill = record.total;
    const [held] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(epaperDeliveries)
      .where(sql`${epaperDeliveries.sendId} = ${send.id} AND ${epaperDeliveries.status} = 'sending'`);
    console.log(
      `killed the sender (SIGKILL) at ${(killedAt / 1000).toFixed(1)} s, ${atKill} mails in the sink, ${held.n} deliveries left 'sending'; last stats ${first.stats()}`,
    );
    const second = startChild();
    for (;;) {
      const [row] = await db.select().from(epaperSends).where(eq(epaperSends.id, send.id));
      if (row.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const elapsed = (performance.now() - start) / 1000;
    await new Promise((r) => setTimeout(r, 300));
    // SIGTERM lets a profiled child write its profile; the second child's work is over either way.
    second.c.kill(PROFILE ? 'SIGTERM' : 'SIGKILL');
    if (PROFILE) await new Promise((r) => second.c.once('exit', r));
    const [row] = await db.select().from(epaperSends).where(eq(epaperSends.id, send.id));
    const [resent] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(epaperDeliveries)
      .where(sql`${epaperDeliveries.sendId} = ${send.id} AND ${epaperDeliveries.error} = ${RESENT_NOTE}`);
    let duplicates = 0;
    let extra = 0;
    let idDuplicates = 0;
    for (const [, n] of received) {
      if (n > 1) {
        duplicates++;
        extra += n - 1;
      }
    }
    for (const [, ids] of messageIds) if (ids.size > 1) idDuplicates++;
    let misses = 0;
    for (let g = 1; g <= MEMBERS; g++) if (!received.has(`member${g}@example.com`)) misses++;
    console.log(
      JSON.stringify(
        {
          members: MEMBERS,
          seconds: Number(elapsed.toFixed(1)),
          mailsPerSecond: Math.round(record.total / elapsed),
          send: { status: row.status, total: row.total, sent: row.sent, failed: row.failed },
          sink: {
            mails: record.total,
            recipients: received.size,
            misses,
            recipientsWithMoreThanOne: duplicates,
            extraMails: extra,
          },
          recipientsWithTwoMessageIds: idDuplicates,
          ambiguousResent: resent.n,
          restartedSenderStats: JSON.parse(second.stats() || '{}'),
        },
        null,
        2,
      ),
    );
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await database.close();
    await drop();
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], Number(process.argv[4]));
else {
  await main();
  process.exit(0);
}
