/**
 * An e-paper's sends in the database, shared by the API (server/modules/epaper/service.ts) and the sender job
 * (server/jobs/epaperSender.ts): starting a due send exactly once, its progress, its counts, and the month's quota.
 *
 * Starting is one transaction: a conditional UPDATE scheduled → sending (FOR UPDATE SKIP LOCKED, so of two instances
 * one takes it and the other skips it), the e-paper published if it is not yet (status 1 = sent), and ONE
 * `INSERT … SELECT` of the audience into epaper_deliveries (unique per send and e-mail), leaving out the members who
 * already have the e-paper from an earlier send unless the send is one to everyone again (`resend_all`). A crash
 * inside rolls all of it back and leaves the send scheduled; once committed, nobody can be added twice. (Only one
 * send of an e-paper is scheduled or sending at a time, service.ts `send`: the earlier ones are finished.)
 */
import { and, count, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { EpaperProgress } from '../../../contract/api/epaperSend';
import { STATUS } from '../../../contract/contentConstants';
import type { Db } from '../../db/client';
import { contents, epaperSends } from '../content/schema';
import { snapshotOfDraft } from '../content/snapshot';
import { readerSubscriptions, readers } from '../readers/schema';
import { sitePlan } from '../tenancy/catalogue';
import { bumpRender } from '../tenancy/invalidate';
import { sites } from '../tenancy/schema';
import { audienceWhere, hasReceived } from './audience';
import { epaperDeliveries } from './schema';

export type SendRow = typeof epaperSends.$inferSelect;

/** Failures listed in the progress. */
export const FAILURES_SHOWN = 20;
/**
 * The note a delivery keeps when it was sent again after its sender's lease ran out (see docs/public-sites.md,
 * "E-paper delivery").
 */
export const RESENT_NOTE = 'resent after an expired lease (the first attempt may have been delivered)';

/**
 * Starts a due send (one whose time has come, the given one or the earliest), exactly once; answers it, or null
 * when there is none (or another instance took it).
 */
export async function startDueSend(db: Db, now: number, sendId?: number): Promise<SendRow | null> {
  const at = new Date(now);
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: epaperSends.id })
      .from(epaperSends)
      .where(
        and(
          eq(epaperSends.status, 'scheduled'),
          lte(epaperSends.scheduledAt, at),
          sendId ? eq(epaperSends.id, sendId) : undefined,
        ),
      )
      .orderBy(epaperSends.scheduledAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [send] = await tx
      .update(epaperSends)
      .set({ status: 'sending', startedAt: at })
      .where(and(inArray(epaperSends.id, due), eq(epaperSends.status, 'scheduled')))
      .returning();
    if (!send) return null;
    // Sending publishes the e-paper (status 1, "sent"), its draft becoming what readers see and what is mailed —
    // also for one sent before whose draft was edited since: the mail is what the writer shows, never an older copy.
    const [item] = await tx
      .select({ status: contents.status, isDraftChanged: contents.isDraftChanged })
      .from(contents)
      .where(eq(contents.id, send.contentId));
    if (!item || item.status === STATUS.DELETED) {
      const [cancelled] = await tx
        .update(epaperSends)
        .set({ status: 'cancelled', finishedAt: at })
        .where(eq(epaperSends.id, send.id))
        .returning();
      return cancelled;
    }
    if (item.status !== STATUS.PUBLISHED || item.isDraftChanged) {
      // A republished e-paper keeps the time it was first sent.
      await tx
        .update(contents)
        .set({
          status: STATUS.PUBLISHED,
          publishTs: item.status === STATUS.PUBLISHED ? undefined : at,
          published: snapshotOfDraft,
          isDraftChanged: false,
        })
        .where(and(eq(contents.id, send.contentId), ne(contents.status, STATUS.DELETED)));
      await bumpRender(tx, send.siteId);
    }
    await tx.execute(sql`INSERT INTO ${epaperDeliveries} (send_id, site_id, reader_id, email)
      SELECT ${send.id}, ${send.siteId}, ${readers.id}, ${readers.email}
      FROM ${readers} LEFT JOIN ${readerSubscriptions} ON ${readerSubscriptions.readerId} = ${readers.id}
      WHERE ${audienceWhere(send.siteId, send.audience)}
        ${send.resendAll ? sql`` : sql`AND NOT ${hasReceived(send.contentId)}`}
      ON CONFLICT (send_id, email) DO NOTHING`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(epaperDeliveries)
      .where(eq(epaperDeliveries.sendId, send.id));
    const total = Number(n);
    const [started] = await tx
      .update(epaperSends)
      .set(total === 0 ? { total, status: 'done', finishedAt: at } : { total })
      .where(eq(epaperSends.id, send.id))
      .returning();
    return started;
  });
}

/** Sets a sending send's counts from its deliveries, and marks it done when none is pending or sending. */
export async function refreshCounts(db: Db, sendId: number, now: number): Promise<void> {
  const rows = await db
    .select({ status: epaperDeliveries.status, n: count() })
    .from(epaperDeliveries)
    .where(eq(epaperDeliveries.sendId, sendId))
    .groupBy(epaperDeliveries.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const open = (by.pending ?? 0) + (by.sending ?? 0);
  await db
    .update(epaperSends)
    .set({
      sent: by.sent ?? 0,
      failed: by.failed ?? 0,
      ...(open === 0 ? { status: 'done' as const, finishedAt: new Date(now) } : {}),
    })
    .where(and(eq(epaperSends.id, sendId), eq(epaperSends.status, 'sending')));
}

export async function progressOf(db: Db, send: SendRow): Promise<EpaperProgress> {
  const failures = send.failed
    ? await db
        .select({ email: epaperDeliveries.email, error: epaperDeliveries.error })
        .from(epaperDeliveries)
        .where(and(eq(epaperDeliveries.sendId, send.id), eq(epaperDeliveries.status, 'failed')))
        .orderBy(epaperDeliveries.id)
        .limit(FAILURES_SHOWN)
    : [];
  return {
    send_id: send.id,
    status: send.status,
    audience: send.audience,
    total: send.total,
    sent: send.sent,
    failed: send.failed,
    remaining: send.status === 'sending' ? Math.max(0, send.total - send.sent - send.failed) : 0,
    scheduled_at: send.scheduledAt?.toISOString() ?? null,
    started_at: send.startedAt?.toISOString() ?? null,
    finished_at: send.finishedAt?.toISOString() ?? null,
    failures: failures.map((f) => ({ email: f.email, error: f.error ?? '' })),
  };
}

export async function latestSend(db: Db, siteId: number, contentId: number): Promise<SendRow | undefined> {
  const [row] = await db
    .select()
    .from(epaperSends)
    .where(and(eq(epaperSends.siteId, siteId), eq(epaperSends.contentId, contentId)))
    .orderBy(desc(epaperSends.createdAt), desc(epaperSends.id))
    .limit(1);
  return row;
}

/** The e-paper's latest send that went out (started): when, and to how many members. */
export async function lastSent(
  db: Db,
  siteId: number,
  contentId: number,
): Promise<{ at: string; count: number } | null> {
  const [row] = await db
    .select({ at: epaperSends.startedAt, count: epaperSends.total })
    .from(epaperSends)
    .where(
      and(
        eq(epaperSends.siteId, siteId),
        eq(epaperSends.contentId, contentId),
        inArray(epaperSends.status, ['sending', 'done']),
        isNotNull(epaperSends.startedAt),
      ),
    )
    .orderBy(desc(epaperSends.startedAt), desc(epaperSends.id))
    .limit(1);
  return row?.at ? { at: row.at.toISOString(), count: row.count } : null;
}

/**
 * The month's newsletters: the recipients of the site's sends started this calendar month (or, when scheduled, due
 * this month) in the site's time zone, against the plan's `newsletters`. `db` may be a transaction's.
 */
export async function quotaOf(
  db: Db,
  siteId: number,
  now: number,
): Promise<{ used: number; limit: number; remaining: number }> {
  const [site] = await db.select({ tz: sites.timezone }).from(sites).where(eq(sites.id, siteId));
  const tz = site?.tz ?? 'Asia/Taipei';
  const when = sql`coalesce(${epaperSends.startedAt}, ${epaperSends.scheduledAt})`;
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${epaperSends.total}), 0)` })
    .from(epaperSends)
    .where(
      and(
        eq(epaperSends.siteId, siteId),
        ne(epaperSends.status, 'cancelled'),
        sql`date_trunc('month', ${when} AT TIME ZONE ${tz}) =
            date_trunc('month', ${new Date(now).toISOString()}::timestamptz AT TIME ZONE ${tz})`,
      ),
    );
  const plan = await sitePlan(db, siteId);
  const limit = plan?.newsletters ?? 0;
  const used = Number(row?.used ?? 0);
  return { used, limit, remaining: Math.max(0, limit - used) };
}
