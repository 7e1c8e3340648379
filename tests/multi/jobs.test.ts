/**
 * The background jobs with three server processes on one PostgreSQL database (issue 32), started by
 * tests/multi/cluster.ts with a real SMTP server (tests/fixtures/smtpSink.ts) and a TapPay (tests/fixtures/
 * fakeTapPay.ts) shared by the three, as the outside world is: a scheduled publish, a site's plan renewal, an e-paper
 * to 2,000 members and the mail outbox each happen exactly once with all three running, and again when one instance
 * is killed with SIGKILL while the work is under way (then started again for the next scenario).
 *
 * What is counted: publishes by a trigger this test adds to the database (one row per UPDATE that publishes an item),
 * charges by the gateway's requests, periods by the subscription's row, mails by the SMTP server. The one exception
 * to "exactly once" is the one SMTP cannot close (server/jobs/epaperSender.ts, server/jobs/mail.ts): a mail the
 * killed instance had handed to the server whose 250 it did not record is sent again; those are bounded by what one
 * instance holds at a time, and nobody is missed.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../bench/lib';
import type { EpaperProgress } from '../../contract/api/epaperSend';
import { STATUS } from '../../contract/contentConstants';
import { wallTime } from '../../contract/zoned';
import { type Database, openDatabase } from '../../server/db/client';
import { EPAPER_BATCH, EPAPER_WORKERS } from '../../server/jobs/epaperSender';
import { MAIL_BATCH } from '../../server/jobs/mail';
import { RENEWAL_LEASE_MS } from '../../server/jobs/renewal';
import { RESENT_NOTE } from '../../server/modules/epaper/sends';
import { renewalPurpose } from '../../server/modules/plans/renewalKey';
import {
  contents,
  epaperDeliveries,
  epaperSends,
  mailOutbox,
  payments,
  siteSubscriptions,
  sites,
} from '../../server/modules/tables';
import { SEED_DEMO_CARD } from '../../server/seed';
import { type FakeRequest, type FakeTapPay, startFakeTapPay } from '../fixtures/fakeTapPay';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../fixtures/smtpSink';
import { data } from './api';
import { type Instance, OWNER, startCluster, until } from './cluster';

type Cluster = Awaited<ReturnType<typeof startCluster>>;
let cluster: Cluster;
let sink: SmtpSink;
let tappay: FakeTapPay;
let database: Database;
let owner: string;
let demoId: number;

const MEMBERS = 2000;

beforeAll(async () => {
  sink = await startSmtpSink();
  tappay = await startFakeTapPay();
  // TapPay, not the built-in sandbox: the sandbox keeps its trades in each process's memory, so the instance that takes
  // over a killed one's renewal could not ask it about the charge. The demo site's card on file (server/seed.ts), as
  // TapPay would have kept it.
  tappay.cards.set(SEED_DEMO_CARD.cardKey, SEED_DEMO_CARD.cardToken);
  cluster = await startCluster(3, {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      PAYMENT_GATEWAY: 'tappay',
      TAPPAY_BASE_URL: tappay.url,
      TAPPAY_PARTNER_KEY: tappay.partnerKey,
      TAPPAY_MERCHANT_ID: tappay.merchantId,
      TAPPAY_APP_ID: String(tappay.appId),
      TAPPAY_APP_KEY: tappay.appKey,
      TAPPAY_SDK_URL: tappay.sdkUrl,
    },
  });
  database = await openDatabase({ url: cluster.database.url });
  const [demo] = await database.db.select({ id: sites.id }).from(sites).where(eq(sites.slug, 'demo'));
  demoId = demo.id;
  owner = await signIn(cluster.proxy.base, OWNER.password);
  // Every UPDATE that publishes an item leaves a row here, with the client port of the connection that made it.
  await database.db.execute(sql`
    CREATE TABLE publish_log (content_id int NOT NULL, client_port int);
    CREATE FUNCTION log_publish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO publish_log (content_id, client_port) VALUES (NEW.id, inet_client_port()); RETURN NULL; END $$;
    CREATE TRIGGER log_publish AFTER UPDATE OF status, published ON contents
      FOR EACH ROW WHEN (NEW.status = 1) EXECUTE FUNCTION log_publish();`);
});
afterAll(async () => {
  await database?.close();
  await cluster?.close();
  await sink?.close();
  await tappay?.close();
});

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * Which instance holds each of the instances' TCP sockets, by the socket's local port: the client port our SMTP server,
 * TapPay or PostgreSQL saw tells which instance it was. Read from Linux's /proc in one pass, as `ss -p` does.
 */
async function socketOwners(): Promise<Map<number, Instance>> {
  type Socket = { port: number; listening: boolean };
  const sockets = new Map<string, Socket>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8')).trim().split('\n').slice(1);
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      sockets.set(cols[9], { port: Number.parseInt(cols[1].split(':')[1], 16), listening: cols[3] === '0A' });
    }
  }
  const owners = new Map<number, Instance>();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    // The server processes are this test process's children.
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
    const held: Socket[] = [];
    for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
      const inode = (await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')).match(
        /^socket:\[(\d+)\]$/,
      )?.[1];
      const socket = inode && sockets.get(inode);
      if (socket) held.push(socket);
    }
    const instance = cluster.instances.find((i) => held.some((s) => s.listening && s.port === i.port));
    if (instance) for (const s of held) if (!s.listening) owners.set(s.port, instance);
  }
  return owners;
}

/** SIGKILL; answers how to start it again (and back in HAProxy) after the scenario, for the next one. */
function kill(instance: Instance): () => Promise<void> {
  instance.kill();
  return async () => {
    await instance.start();
    await until(`${instance.name} UP in HAProxy`, () => cluster.proxy.isUp(instance), 30_000);
  };
}

/** The instance that sent the newest of `mails` whose connection is still open: one sending now. */
async function senderOf(mails: () => ReceivedMail[]): Promise<Instance> {
  let found: Instance | undefined;
  await until(
    'an instance sending now',
    async () => {
      const owners = await socketOwners();
      for (const mail of mails().slice(-20).reverse()) found ??= owners.get(mail.clientPort);
      return found !== undefined;
    },
    10_000,
  );
  return found as Instance;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('scheduled publishing', () => {
  /**
   * `count` items scheduled: one through the API as the editor schedules it (a few minutes ahead: schedules are
   * given to the minute), the rest copies of its row; then all of them made due now.
   */
  async function dueItems(count: number, title: string): Promise<number[]> {
    const base = cluster.proxy.base;
    const made = await data<{ id: number }>(base, owner, 'press/save?t=1', {
      id: 0,
      title,
      content: { blocks: [{ type: 'paragraph', data: { text: title } }] },
      version: 0,
    });
    const at = Math.ceil((Date.now() + 120_000) / 60_000) * 60_000;
    await data(base, owner, 'press/publish?t=1', { id: made.id, mode: 2, ...wallTime(at, 'Asia/Taipei') });
    const copies = rowsOf<{ id: number }>(
      await database.db.execute(sql`
        INSERT INTO contents (site_id, uuid, type, lang_id, title, subtitle, body, abstract, seo, status, publish_ts,
          created_by, updated_by)
        SELECT site_id, gen_random_uuid(), type, lang_id, title || ' ' || n, subtitle, body, abstract, seo, status,
          publish_ts, created_by, updated_by
        FROM contents, generate_series(2, ${count}) n WHERE id = ${made.id}
        RETURNING id`),
    );
    const ids = [made.id, ...copies.map((r) => r.id)];
    await database.db.update(contents).set({ publishTs: new Date() }).where(inArray(contents.id, ids));
    return ids;
  }

  const published = async (ids: number[]) =>
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(contents)
        .where(and(inArray(contents.id, ids), eq(contents.status, STATUS.PUBLISHED)))
    )[0].n;

  /** How many times each item was published, and by which instance (by the connection's client port). */
  async function publishes(ids: number[]) {
    const log = rowsOf<{ content_id: number; client_port: number }>(
      await database.db.execute(
        sql`SELECT content_id, client_port FROM publish_log WHERE content_id IN ${sql.raw(`(${ids.join(',')})`)}`,
      ),
    );
    const times = new Map<number, number>();
    for (const r of log) times.set(r.content_id, (times.get(r.content_id) ?? 0) + 1);
    const owners = await socketOwners();
    const by = new Map<string, number>();
    for (const r of log) {
      const name = owners.get(r.client_port)?.name ?? 'a killed instance';
      by.set(name, (by.get(name) ?? 0) + 1);
    }
    return { times, by: [...by].map(([name, n]) => `${name} ${n}`).join(', ') };
  }

  const onceEach = (ids: number[], times: Map<number, number>) => {
    expect(times.size).toBe(ids.length);
    expect([...times.values()].filter((n) => n !== 1)).toEqual([]);
  };

  it('publishes 300 items due at once exactly once each, the three instances taking them', async () => {
    const ids = await dueItems(300, '三機排程');
    const started = Date.now();
    await until('all 300 published', async () => (await published(ids)) === ids.length, 30_000);
    const took = Date.now() - started;
    const { times, by } = await publishes(ids);
    console.info(`scheduled publishing: 300 items in ${seconds(took)}, published by ${by}`);
    onceEach(ids, times);
  });

  it('publishes 1,500 items exactly once each when an instance is killed midway', async () => {
    const ids = await dueItems(1500, '中途停機排程');
    await until('some published', async () => (await published(ids)) > 0, 30_000);
    // The one that published first, in the middle of the set.
    const [first] = rowsOf<{ client_port: number }>(
      await database.db.execute(
        sql`SELECT client_port FROM publish_log WHERE content_id IN ${sql.raw(`(${ids.join(',')})`)} LIMIT 1`,
      ),
    );
    const victim = (await socketOwners()).get(first.client_port);
    if (!victim) throw new Error('the publishing instance not found');
    const restart = kill(victim);
    const atKill = await published(ids);
    expect(atKill).toBeLessThan(ids.length);
    await until('all 1,500 published', async () => (await published(ids)) === ids.length, 30_000);
    const { times, by } = await publishes(ids);
    console.info(`scheduled publishing: ${victim.name} killed at ${atKill} of 1,500 published; by ${by}`);
    onceEach(ids, times);
    await restart();
  });
});

describe("a site's plan renewal", () => {
  const subscription = async () =>
    (await database.db.select().from(siteSubscriptions).where(eq(siteSubscriptions.siteId, demoId)))[0];
  /** The first charge since request `from`. */
  const chargeSince = (from: number) =>
    tappay.requests.slice(from).find((r) => r.path === '/tpc/payment/pay-by-token');
  const charges = (orderNumbers: string[], from: number) =>
    tappay.requests
      .slice(from)
      .filter(
        (r) => r.path === '/tpc/payment/pay-by-token' && orderNumbers.includes(String(r.body.order_number)),
      );
  /** The payments of the period's first renewal attempt. */
  const renewalsOf = (periodEnd: Date) =>
    database.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.siteId, demoId), eq(payments.purpose, renewalPurpose({ periodEnd, attempt: 0 }))),
      );
  /** Renewed: the next period, from the old end. */
  const renewedFrom = async (periodEnd: Date) =>
    (await subscription()).periodStart?.getTime() === periodEnd.getTime();

  /** Due now (the period's end itself stays ahead: the job goes by next_attempt_at). */
  const dueNow = () =>
    database.db
      .update(siteSubscriptions)
      .set({ nextAttemptAt: new Date() })
      .where(eq(siteSubscriptions.siteId, demoId));

  /** One payment, paid, one TapPay charge for it, and one period more: answers the charge request. */
  async function renewedOnce(
    before: typeof siteSubscriptions.$inferSelect,
    from: number,
  ): Promise<FakeRequest> {
    const paid = await renewalsOf(before.periodEnd as Date);
    expect(paid.map((p) => p.status)).toEqual(['paid']);
    const made = charges(
      paid.map((p) => p.orderNumber),
      from,
    );
    expect(made).toHaveLength(1);
    const after = await subscription();
    expect(after).toMatchObject({ status: 'active', renewAttempts: 0, periodStart: before.periodEnd });
    // One month on, not two.
    const month = (after.periodEnd as Date).getTime() - (before.periodEnd as Date).getTime();
    expect(month).toBeGreaterThanOrEqual(28 * 86_400_000);
    expect(month).toBeLessThanOrEqual(31 * 86_400_000);
    expect(after.nextAttemptAt?.getTime()).toBe(after.periodEnd?.getTime());
    return made[0];
  }

  it('charges once and adds one period when it falls due with the three running', async () => {
    const before = await subscription();
    const from = tappay.requests.length;
    await dueNow();
    const started = Date.now();
    // The job looks every minute (RENEWAL_INTERVAL_MS) on each instance.
    await until('renewed', () => renewedFrom(before.periodEnd as Date), 90_000);
    const charge = await renewedOnce(before, from);
    console.info(
      `renewal: due → renewed in ${seconds(Date.now() - started)}, 1 charge (by ${(await socketOwners()).get(charge.clientPort)?.name ?? 'an instance whose connection closed'})`,
    );
  });

  it('charges once when the instance charging is killed before it records the answer', async () => {
    const before = await subscription();
    const from = tappay.requests.length;
    // TapPay takes the charge and its answer is lost: the charger waits, holding its claim, until killed.
    tappay.fault = 'answer-lost';
    await dueNow();
    await until('a charge reached TapPay', async () => chargeSince(from) !== undefined, 90_000);
    const charge = chargeSince(from) as FakeRequest;
    const victim = (await socketOwners()).get(charge.clientPort);
    if (!victim) throw new Error('the charging instance not found');
    const restart = kill(victim);
    // Charged at TapPay, pending here, and the subscription claimed for the lease (15 min from the claim, just now).
    const [payment] = await renewalsOf(before.periodEnd as Date);
    expect(payment).toMatchObject({ status: 'pending', recTradeId: null });
    const claimed = await subscription();
    expect(claimed.periodStart).toEqual(before.periodStart);
    expect(claimed.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + RENEWAL_LEASE_MS - 60_000);
    // The lease runs out (instead of waiting its 15 minutes): the others take the subscription over.
    await dueNow();
    const takeover = Date.now();
    await until('renewed by another instance', () => renewedFrom(before.periodEnd as Date), 90_000);
    await renewedOnce(before, from);
    // The survivor asked TapPay by order number what the dead one had charged, and charged nothing more.
    const asked = tappay.requests
      .slice(from)
      .filter(
        (r) =>
          r.path === '/tpc/transaction/query' && (r.body.filters as { order_number?: string })?.order_number,
      );
    expect(asked.length).toBeGreaterThan(0);
    console.info(
      `renewal: ${victim.name} killed waiting for TapPay's answer; taken over after the lease in ${seconds(Date.now() - takeover)}, still 1 charge`,
    );
    await restart();
  });
});

describe('an e-paper to 2,000 members', () => {
  beforeAll(async () => {
    await database.db.execute(sql`
      INSERT INTO readers (site_id, email)
      SELECT ${demoId}, 'member' || n || '@example.com' FROM generate_series(1, ${MEMBERS}) n`);
  });

  async function send(title: string): Promise<number> {
    const base = cluster.proxy.base;
    const paper = await data<{ id: number }>(base, owner, 'press/save?t=4', {
      id: 0,
      title,
      content: { blocks: [{ type: 'paragraph', data: { text: `${title} 的內容` } }] },
      version: 0,
    });
    const started = await data<EpaperProgress>(base, owner, 'epaper/send', {
      id: paper.id,
      audience: { kind: 'all' },
    });
    expect(started).toMatchObject({ total: MEMBERS });
    return paper.id;
  }
  const progress = (id: number) => data<EpaperProgress>(cluster.proxy.base, owner, 'epaper/progress', { id });
  const mailsOf = (title: string) => sink.mails.filter((m) => m.subject === title);
  /** How many mails each member got. */
  const perMember = (title: string) => {
    const got = new Map<string, number>();
    for (const m of mailsOf(title)) for (const to of m.to) got.set(to, (got.get(to) ?? 0) + 1);
    return got;
  };
  /** The deliveries of the e-paper's send that were taken over from an expired lease and sent again. */
  const resentOf = (paperId: number) =>
    database.db
      .select({ email: epaperDeliveries.email })
      .from(epaperDeliveries)
      .innerJoin(epaperSends, eq(epaperSends.id, epaperDeliveries.sendId))
      .where(and(eq(epaperSends.contentId, paperId), eq(epaperDeliveries.error, RESENT_NOTE)));
  const everyMember = () => Array.from({ length: MEMBERS }, (_, i) => `member${i + 1}@example.com`).sort();

  it('mails each member exactly once with the three sending', async () => {
    const title = '三機電子報';
    const started = Date.now();
    const id = await send(title);
    await until('sent', async () => (await progress(id)).status === 'done', 120_000);
    const took = Date.now() - started;
    expect(await progress(id)).toMatchObject({ total: MEMBERS, sent: MEMBERS, failed: 0, remaining: 0 });
    const got = perMember(title);
    expect([...got.keys()].sort()).toEqual(everyMember());
    expect([...got.values()].filter((n) => n !== 1)).toEqual([]);
    expect(await resentOf(id)).toEqual([]);
    console.info(`e-paper: ${MEMBERS} members, ${mailsOf(title).length} mails in ${seconds(took)}`);
  });

  it('mails everyone when an instance is killed midway; only what it held in flight may go twice', async () => {
    const title = '中途停機電子報';
    // A slow mail server (0.1 s before its 250), so that the send lasts past the time it takes to find the sender and
    // kill it, however loaded the machine: at full speed the 2,000 went out before the kill (under load).
    sink.replyDelayMs = 100;
    const started = Date.now();
    let id: number;
    let victim: Instance;
    let restart: () => Promise<void>;
    let atKill: number;
    try {
      id = await send(title);
      await until('a quarter sent', async () => mailsOf(title).length >= MEMBERS / 4, 120_000);
      victim = await senderOf(() => mailsOf(title));
      restart = kill(victim);
      atKill = mailsOf(title).length;
    } finally {
      sink.replyDelayMs = 0;
    }
    expect(atKill).toBeLessThan(MEMBERS);
    await until('sent', async () => (await progress(id)).status === 'done', 120_000);
    const took = Date.now() - started;
    expect(await progress(id)).toMatchObject({ total: MEMBERS, sent: MEMBERS, failed: 0, remaining: 0 });
    const got = perMember(title);
    // Nobody missed.
    expect([...got.keys()].sort()).toEqual(everyMember());
    // Sent again: the deliveries the killed instance held (claimed, not recorded), taken over after their lease.
    const resent = await resentOf(id);
    expect(resent.length).toBeGreaterThan(0);
    expect(resent.length).toBeLessThanOrEqual(EPAPER_WORKERS * EPAPER_BATCH);
    // Twice only among those, never more, and with the same Message-ID (a receiver that deduplicates shows one).
    const twice = [...got].filter(([, n]) => n > 1).map(([to]) => to);
    const resentTo = new Set(resent.map((r) => r.email));
    expect(twice.filter((to) => !resentTo.has(to))).toEqual([]);
    expect([...got.values()].filter((n) => n > 2)).toEqual([]);
    for (const to of twice) {
      const ids = new Set(
        mailsOf(title)
          .filter((m) => m.to.includes(to))
          .map((m) => m.messageId),
      );
      expect(ids.size, to).toBe(1);
    }
    console.info(
      `e-paper: ${victim.name} killed at ${atKill} of ${MEMBERS} mails; done in ${seconds(took)}, ${resent.length} taken over after the lease, ${twice.length} members got it twice (same Message-ID), none missed`,
    );
    await restart();
  });
});

describe('the mail outbox', () => {
  /** `count` mails queued as the product queues them (a row each, due now), numbered under `subject`. */
  async function queue(count: number, subject: string): Promise<string[]> {
    const subjects = Array.from({ length: count }, (_, i) => `${subject} ${i + 1}`);
    await database.db
      .insert(mailOutbox)
      .values(subjects.map((s, i) => ({ to: `outbox${i + 1}@example.com`, subject: s, text: s })));
    return subjects;
  }
  const delivered = (subjects: string[]) => {
    const wanted = new Set(subjects);
    const got = new Map<string, number>();
    for (const m of sink.mails) if (wanted.has(m.subject)) got.set(m.subject, (got.get(m.subject) ?? 0) + 1);
    return got;
  };
  const left = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0].n;
  /** Waits until every one of `subjects` has arrived and the outbox is empty. */
  const allSent = (subjects: string[], ms: number) =>
    until('all sent', async () => delivered(subjects).size === subjects.length && (await left()) === 0, ms);

  it('sends each queued mail exactly once with the three sending', async () => {
    const subjects = await queue(300, '三機寄信');
    const started = Date.now();
    await allSent(subjects, 60_000);
    const took = Date.now() - started;
    const got = delivered(subjects);
    expect([...got.values()].filter((n) => n !== 1)).toEqual([]);
    console.info(`outbox: 300 mails in ${seconds(took)}, each once`);
  });

  it('sends every queued mail when an instance is killed midway; only what it held in flight may go twice', async () => {
    // A slow mail server (0.2 s before its 250): the victim dies with sends under way.
    sink.replyDelayMs = 200;
    try {
      const subjects = await queue(600, '中途停機寄信');
      const started = Date.now();
      await until('some sent', async () => delivered(subjects).size >= 100, 60_000);
      const victim = await senderOf(() => sink.mails.filter((m) => subjects.includes(m.subject)));
      const restart = kill(victim);
      const atKill = delivered(subjects).size;
      expect(atKill).toBeLessThan(subjects.length);
      await allSent(subjects, 90_000);
      const took = Date.now() - started;
      const got = delivered(subjects);
      const twice = [...got].filter(([, n]) => n > 1);
      // At most the mails the killed instance had claimed (one batch) went twice; none more than that.
      expect(twice.length).toBeLessThanOrEqual(MAIL_BATCH);
      expect(twice.filter(([, n]) => n > 2)).toEqual([]);
      // Each twice with its row's one Message-ID (jobs/mail.ts outboxMessageId): a receiver that deduplicates shows one.
      for (const [subject] of twice) {
        const ids = new Set(sink.mails.filter((m) => m.subject === subject).map((m) => m.messageId));
        expect(ids.size, subject).toBe(1);
      }
      console.info(
        `outbox: ${victim.name} killed at ${atKill} of 600 mails (mail server 0.2 s per mail); all sent in ${seconds(took)}, ${twice.length} twice`,
      );
      await restart();
    } finally {
      sink.replyDelayMs = 0;
    }
  });
});
