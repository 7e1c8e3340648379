/**
 * Outgoing mail through an outbox: a call queues its mail in mail_outbox and answers, and this job sends it. So no
 * answer waits for the mail server (nor tells, by its timing, whether a mail was due), and a mail server that is
 * down delays mail instead of losing it.
 *
 * Each pass claims due rows with one UPDATE that takes them FOR UPDATE SKIP LOCKED and moves their `next_at` a lease
 * ahead, renewed while they are being sent (lease.ts): several instances never take the same row, and a row whose
 * instance died while sending goes out after the lease, 15 s. The claim commits before the mail server is spoken to,
 * so no transaction is open during SMTP (on PGlite it would hold every request); then a sent row is deleted, and a
 * failed one waits longer after each failure.
 *
 * The one ambiguous case, as for e-papers (epaperSender.ts): a row whose instance died (kill -9) after the mail server
 * took the mail and before the row was deleted is sent again after the lease. So a mail is never lost, and at most the
 * MAIL_BATCH mails an instance holds at its death may go twice, with the same Message-ID (outboxMessageId).
 */
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail';
import type { MailQueue } from '../adapters/outbox';
import { mailOutbox } from '../db/appTables';
import type { Db } from '../db/client';
import { keepLease } from './lease';

/** Mail queued by this instance is sent at once (the queue wakes the job); this poll finds retries and the rest. */
export const MAIL_POLL_MS = 5_000;
/** Mails claimed per pass, sent side by side. */
export const MAIL_BATCH = 10;
/**
 * A claim's lease, renewed every third of it while its mails are being sent, so a live sender keeps its rows however
 * long the mail server takes (up to the SMTP timeouts of adapters/mail.ts). Short, because a mail an instance held when
 * it died waits this long: a reset link should not wait minutes for a crash.
 */
export const MAIL_LEASE_MS = 15_000;
/** Failures after which a mail is given up (logged): retries span about an hour and a half. */
export const MAIL_MAX_ATTEMPTS = 10;
/** The wait after the n-th failure: 10 s, doubling, at most an hour. */
export const mailRetryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** (attempts - 1), 3_600_000);

export interface MailJobDeps {
  db: Db;
  now: () => number;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The right-hand side of the mails' Message-IDs: MAIL_FROM's domain (main.ts); `localhost` by default. */
  messageDomain?: string;
}

type Row = typeof mailOutbox.$inferSelect;

/**
 * A row's Message-ID, the same each time the row is sent: a mail sent again after its sender died (see the head
 * comment) is then one message to receivers that deduplicate by Message-ID, as an e-paper's delivery is.
 */
export const outboxMessageId = (row: Pick<Row, 'id' | 'createdAt'>, domain = 'localhost') =>
  `<outbox.${row.id}.${row.createdAt.getTime()}@${domain}>`;

async function deliver(deps: MailJobDeps, row: Row): Promise<void> {
  try {
    await deps.mailer.send({
      to: row.to,
      subject: row.subject,
      text: row.text,
      messageId: outboxMessageId(row, deps.messageDomain),
    });
  } catch (err) {
    const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts));
    if (row.attempts >= MAIL_MAX_ATTEMPTS) {
      deps.log.error({ err, to: row.to, subject: row.subject, attempts: row.attempts }, 'mail given up');
      await deps.db.delete(mailOutbox).where(mine);
    } else {
      deps.log.warn({ err, to: row.to, attempts: row.attempts }, 'mail not sent; will try again');
      await deps.db
        .update(mailOutbox)
        .set({
          nextAt: new Date(deps.now() + mailRetryDelayMs(row.attempts)),
          lastError: String(err).slice(0, 1000),
        })
        .where(mine);
    }
    return;
  }
  // A sent mail is not kept: the table would otherwise hold every reset link ever mailed.
  await deps.db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
}

/** One pass: claims up to MAIL_BATCH due mails, sends them and records the outcome; answers how many it claimed. */
export async function sendDueMail(deps: MailJobDeps): Promise<number> {
  const now = new Date(deps.now());
  const due = deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(lte(mailOutbox.nextAt, now))
    .orderBy(asc(mailOutbox.id))
    .limit(MAIL_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAt: new Date(now.getTime() + MAIL_LEASE_MS) })
    .where(and(inArray(mailOutbox.id, due), lte(mailOutbox.nextAt, now)))
    .returning();
  if (!claimed.length) return 0;
  // The rows still being sent, each as claimed (its attempts: a row claimed again after its lease has more).
  const sending = new Map(claimed.map((row) => [row.id, row.attempts]));
  const release = keepLease(
    MAIL_LEASE_MS,
    async () => {
      if (!sending.size) return;
      const at = deps.now();
      await deps.db
        .update(mailOutbox)
        .set({ nextAt: new Date(at + MAIL_LEASE_MS) })
        .where(
          and(
            or(
              ...[...sending].map(([id, attempts]) =>
                and(eq(mailOutbox.id, id), eq(mailOutbox.attempts, attempts)),
              ),
            ),
            // A lease still running: not one run out (the row may be another's by now), nor a failed send's longer wait.
            gt(mailOutbox.nextAt, new Date(at)),
            lte(mailOutbox.nextAt, new Date(at + MAIL_LEASE_MS)),
          ),
        );
    },
    (err) => deps.log.error({ err }, 'mail lease not renewed'),
  );
  const results = await Promise.allSettled(
    claimed.map((row) => deliver(deps, row).finally(() => sending.delete(row.id))),
  ).finally(release);
  for (const r of results) {
    // The send happened or not; only recording it failed (the database): the lease brings the row back.
    if (r.status === 'rejected') deps.log.error({ err: r.reason }, 'mail outcome not recorded');
  }
  return claimed.length;
}

export interface MailJob {
  /** Sends what is due now (a pass under way runs once more). */
  wake(): void;
  /** Stops polling and waits for a pass under way. */
  stop(): Promise<void>;
}

/** Sends due mail at once, whenever `queue` has a new one, and every `intervalMs` (MAIL_POLL_MS by default). */
export function startMailJob(
  deps: MailJobDeps & { queue?: MailQueue },
  opts: { intervalMs?: number } = {},
): MailJob {
  const interval = opts.intervalMs ?? MAIL_POLL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const pass = async () => {
    try {
      while (!stopped && (await sendDueMail(deps)) === MAIL_BATCH) {
        // A full batch: more may be due.
      }
    } catch (err) {
      // A failed pass (e.g. the database restarting) is retried by the next one.
      deps.log.error({ err }, 'mail pass failed');
    }
  };
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
        await pass();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(wake, interval);
    });
  };
  const unsubscribe = deps.queue?.onQueued(wake);
  wake();

  return {
    wake,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
      await running;
    },
  };
}
