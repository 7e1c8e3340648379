/**
 * The e-paper sender: starts due sends (server/modules/epaper/sends.ts `startDueSend`, exactly once) and mails their
 * deliveries through a pooled SMTP transport, in small batches claimed by a few workers.
 *
 * A claim is one UPDATE over rows taken FOR UPDATE SKIP LOCKED: the rows become `sending` with a lease (`lease_until`)
 * that the worker renews while it works, so two instances never hold the same row. Each delivery is marked `sent`
 * right after the server's 250, in the next grouped UPDATE (`markSent`: one UPDATE records every 250 that came while
 * the previous one ran; no timer is added); a failure waits (30 s, then 2 min) and is tried again, three attempts in all, then
 * `failed` with the error. A permanent refusal (5xx to RCPT or DATA) is a hard bounce: failed at once, and the member's
 * e-paper opt-in goes off (`bounced_at` set).
 *
 * EXACTLY ONCE. The one ambiguous case is a delivery left `sending` by an instance that died (kill -9) between
 * handing it to the mail server and recording the 250: the mail may or may not have been accepted. Policy: once its
 * lease has run out it is sent AGAIN, with the same Message-ID (`<delivery.send@site-host>`), so that receivers that
 * deduplicate by Message-ID show it once; the delivery keeps the note RESENT_NOTE, and the count of such resends is
 * reported (progress and bench). At most workers × batch deliveries are in that state at any moment, and the lease
 * (EPAPER_LEASE_MS, 15 s) bounds how long they wait; the restarted sender sends the unclaimed ones meanwhile. The other
 * choice, never resending, would turn each of them into a possible miss instead of a possible duplicate.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail';
import type { Config } from '../config';
import { type Db, rowsOf } from '../db/client';
import { contents, epaperSends } from '../modules/content/schema';
import { type EpaperLetter, letterOf, mailFor } from '../modules/epaper/mail';
import { epaperDeliveries } from '../modules/epaper/schema';
import { RESENT_NOTE, refreshCounts, startDueSend } from '../modules/epaper/sends';
import { onEpaperSend } from '../modules/epaper/wake';
import { readers } from '../modules/readers/schema';
import { sites } from '../modules/tenancy/schema';
import { keepLease } from './lease';

/** How often a sender looks for due sends and work left by others. */
export const EPAPER_POLL_MS = 2_000;
/**
 * A claim's lease, renewed every third of it while its worker is busy. Short, so that the deliveries a killed instance
 * held are taken over soon (they wait at most this long, and meanwhile the others are sent): a live instance renews
 * every 5 s, so only a process stalled for 10 s can lose its rows (then they may be sent twice, never missed).
 */
export const EPAPER_LEASE_MS = 15_000;
export const EPAPER_MAX_ATTEMPTS = 3;
/** Deliveries per claim, and claims worked on side by side, by default: at most their product is in flight. */
export const EPAPER_BATCH = 20;
export const EPAPER_WORKERS = 5;
/** The wait after the n-th passing failure: 30 s, then 2 min. */
export const epaperRetryDelayMs = (attempts: number) => 30_000 * 4 ** (attempts - 1);

export interface EpaperSenderDeps {
  db: Db;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  mailer: Mailer;
  secret: string;
  config: Pick<Config, 'siteDomain' | 'siteScheme' | 'sitePort' | 'publicUrl' | 'mailFrom'>;
}

export interface EpaperSenderOptions {
  intervalMs?: number;
  leaseMs?: number;
  /** Deliveries per claim. */
  batch?: number;
  /** Claims worked on side by side (about the transport's connections). */
  workers?: number;
}

export interface EpaperSenderStats {
  sent: number;
  failed: number;
  retried: number;
  bounced: number;
  /** Deliveries taken over from a lease that ran out (possibly sent before): sent again with the same Message-ID. */
  resent: number;
}

export interface EpaperSender {
  wake(): void;
  stop(): Promise<void>;
  stats: EpaperSenderStats;
}

interface Claimed {
  id: number;
  send_id: number;
  reader_id: number | null;
  email: string;
  attempts: number;
  was: string;
}

/** A hard bounce: the server refused the recipient or the message for good (5xx to RCPT TO or DATA). */
export function isHardBounce(err: unknown): boolean {
  const e = err as { responseCode?: number; command?: string; code?: string };
  if (typeof e?.responseCode !== 'number' || e.responseCode < 500 || e.responseCode > 599) return false;
  return /RCPT|DATA/i.test(e.command ?? '') || e.code === 'EENVELOPE' || e.code === 'EMESSAGE';
}

const iso = (ms: number) => new Date(ms).toISOString();
const ids = (list: number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );

export function startEpaperSender(deps: EpaperSenderDeps, opts: EpaperSenderOptions = {}): EpaperSender {
  const interval = opts.intervalMs ?? EPAPER_POLL_MS;
  const leaseMs = opts.leaseMs ?? EPAPER_LEASE_MS;
  const batch = opts.batch ?? EPAPER_BATCH;
  const workers = opts.workers ?? EPAPER_WORKERS;
  const { db } = deps;
  const stats: EpaperSenderStats = { sent: 0, failed: 0, retried: 0, bounced: 0, resent: 0 };
  const letters = new Map<number, Promise<EpaperLetter | null>>();
  const touched = new Set<number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastRefresh = 0;

  const letterFor = (sendId: number) => {
    let letter = letters.get(sendId);
    if (!letter) {
      letter = (async () => {
        const [row] = await db
          .select({ send: epaperSends, item: contents, site: sites })
          .from(epaperSends)
          .innerJoin(contents, eq(contents.id, epaperSends.contentId))
          .innerJoin(sites, eq(sites.id, epaperSends.siteId))
          .where(eq(epaperSends.id, sendId));
        return row ? letterOf(row.site, row.item, row.send.audience, deps.config) : null;
      })();
      letters.set(sendId, letter);
      letter.catch(() => letters.delete(sendId));
    }
    return letter;
  };

  /** Claims up to `batch` deliveries of sends under way: first those whose sender's lease ran out, then new ones. */
  async function claim(sendIds: number[]): Promise<Claimed[]> {
    const now = deps.now();
    const take = async (where: ReturnType<typeof sql>, limit: number) => {
      const res = await db.execute(sql`WITH due AS (
          SELECT d.id, d.status AS was FROM ${epaperDeliveries} d
          WHERE d.send_id IN (${ids(sendIds)}) AND ${where}
          LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        UPDATE ${epaperDeliveries} d
        SET status = 'sending', attempts = d.attempts + 1, lease_until = ${iso(now + leaseMs)}::timestamptz
        FROM due WHERE d.id = due.id
        RETURNING d.id, d.send_id, d.reader_id, d.email, d.attempts, due.was`);
      return rowsOf<Claimed>(res);
    };
    const expired = await take(
      sql`d.status = 'sending' AND d.lease_until <= ${iso(now)}::timestamptz`,
      batch,
    );
    if (expired.length >= batch) return expired;
    const fresh = await take(
      sql`d.status = 'pending' AND (d.lease_until IS NULL OR d.lease_until <= ${iso(now)}::timestamptz)`,
      batch - expired.length,
    );
    return [...expired, ...fresh];
  }

  async function deliver(row: Claimed): Promise<void> {
    const letter = await letterFor(row.send_id);
    const mine = and(
      eq(epaperDeliveries.id, row.id),
      eq(epaperDeliveries.status, 'sending'),
      eq(epaperDeliveries.attempts, row.attempts),
    );
    if (!letter) {
      await db.update(epaperDeliveries).set({ status: 'failed', error: 'e-paper not found' }).where(mine);
      return;
    }
    const resend = row.was === 'sending';
    try {
      await deps.mailer.send(
        mailFor(
          letter,
          { email: row.email, readerId: row.reader_id ?? 0 },
          { secret: deps.secret, now: deps.now(), delivery: { id: row.id, sendId: row.send_id } },
        ),
      );
    } catch (err) {
      const error = String((err as Error)?.message ?? err).slice(0, 500);
      const now = deps.now();
      if (isHardBounce(err)) {
        stats.bounced++;
        stats.failed++;
        await db.update(epaperDeliveries).set({ status: 'failed', error, leaseUntil: null }).where(mine);
        if (row.reader_id)
          await db
            .update(readers)
            .set({ epaperOptIn: false, bouncedAt: new Date(now) })
            .where(eq(readers.id, row.reader_id));
      } else if (row.attempts >= EPAPER_MAX_ATTEMPTS) {
        stats.failed++;
        await db.update(epaperDeliveries).set({ status: 'failed', error, leaseUntil: null }).where(mine);
      } else {
        stats.retried++;
        deps.log.warn(
          { err, to: row.email, attempts: row.attempts },
          'e-paper mail not sent; will try again',
        );
        await db
          .update(epaperDeliveries)
          .set({ status: 'pending', error, leaseUntil: new Date(now + epaperRetryDelayMs(row.attempts)) })
          .where(mine);
      }
      return;
    }
    if (resend) stats.resent++;
    stats.sent++;
    await markSent(row, resend);
  }

  /**
   * Marks delivered rows `sent`, grouped: a 250 joins the next UPDATE, which starts as soon as the one before it has
   * returned (no timer, so a row waits no longer for its mark than it would alone; under load one UPDATE records
   * dozens of 250s). Each row is still matched on its claim (`sending`, same attempts).
   */
  let marking: Promise<void> | undefined;
  let queued: { row: Claimed; resend: boolean; done: () => void; fail: (e: unknown) => void }[] = [];
  function markSent(row: Claimed, resend: boolean): Promise<void> {
    return new Promise<void>((done, fail) => {
      queued.push({ row, resend, done, fail });
      if (!marking) marking = flushMarks();
    });
  }
  async function flushMarks(): Promise<void> {
    while (queued.length) {
      const group = queued;
      queued = [];
      const values = sql.join(
        group.map((g) => sql`(${g.row.id}::int, ${g.row.attempts}::int, ${g.resend}::boolean)`),
        sql`, `,
      );
      try {
        await db.execute(sql`UPDATE ${epaperDeliveries} d
          SET status = 'sent', sent_at = ${iso(deps.now())}::timestamptz, lease_until = NULL,
            error = CASE WHEN v.resend THEN ${RESENT_NOTE} ELSE NULL END
          FROM (VALUES ${values}) AS v(id, attempts, resend)
          WHERE d.id = v.id AND d.status = 'sending' AND d.attempts = v.attempts`);
        for (const g of group) g.done();
      } catch (err) {
        for (const g of group) g.fail(err);
      }
    }
    marking = undefined;
  }

  /** Keeps a worker's claimed rows its own while it works on them. */
  const renew = (rows: Claimed[]) =>
    keepLease(
      leaseMs,
      () => {
        const now = deps.now();
        return db
          .update(epaperDeliveries)
          .set({ leaseUntil: new Date(now + leaseMs) })
          .where(
            and(
              inArray(
                epaperDeliveries.id,
                rows.map((r) => r.id),
              ),
              eq(epaperDeliveries.status, 'sending'),
              gt(epaperDeliveries.leaseUntil, new Date(now)),
            ),
          );
      },
      (err) => deps.log.error({ err }, 'e-paper lease not renewed'),
    );

  async function refresh(force: boolean) {
    if (!force && deps.now() - lastRefresh < 500) return;
    lastRefresh = deps.now();
    const list = [...touched];
    touched.clear();
    for (const id of list) await refreshCounts(db, id, deps.now());
  }

  async function worker(sendIds: number[]): Promise<void> {
    while (!stopped) {
      const rows = await claim(sendIds);
      if (!rows.length) return;
      const release = renew(rows);
      try {
        const results = await Promise.allSettled(rows.map(deliver));
        for (const r of results)
          if (r.status === 'rejected') deps.log.error({ err: r.reason }, 'e-paper outcome not recorded');
      } finally {
        release();
      }
      for (const r of rows) touched.add(r.send_id);
      await refresh(false);
    }
  }

  async function pass(): Promise<void> {
    while (!stopped && (await startDueSend(db, deps.now()))) {
      // Every due send started.
    }
    const sending = await db
      .select({ id: epaperSends.id })
      .from(epaperSends)
      .where(eq(epaperSends.status, 'sending'));
    const sendIds = sending.map((s) => s.id);
    if (!sendIds.length) return;
    await Promise.all(Array.from({ length: workers }, () => worker(sendIds)));
    for (const id of sendIds) touched.add(id);
    await refresh(true);
    const [open] = await db
      .select({ id: epaperSends.id })
      .from(epaperSends)
      .where(eq(epaperSends.status, 'sending'))
      .limit(1);
    if (!open) letters.clear();
  }

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (err) {
          deps.log.error({ err }, 'e-paper pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(wake, interval);
    });
  };
  const unsubscribe = onEpaperSend(db, wake);
  wake();

  return {
    wake,
    stats,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await running;
      deps.mailer.close?.();
    },
  };
}
