/**
 * Renews site plans when their periods end (the renewal itself: server/modules/plans/renewal.ts). Each pass claims
 * due subscriptions (active or past_due, next_attempt_at passed) with one UPDATE that takes them FOR UPDATE SKIP
 * LOCKED and moves their next_attempt_at a lease ahead, like the mail job: two instances never take one at once, and
 * one whose instance died midway is taken again after the lease (its charge's unique purpose then stops a second
 * charge). The claim commits before the gateway is called, so no transaction waits on it. An instance started after
 * the moment (a restart) renews what it missed on its first pass.
 */
import { and, asc, inArray, lte } from 'drizzle-orm';
import { siteSubscriptions } from '../db/schema';
import { RENEWING, type RenewalDeps, type RenewalOutcome, renewSubscription } from '../modules/plans/renewal';

/** Periods end to the millisecond, but a minute late is soon enough. */
export const RENEWAL_INTERVAL_MS = 60_000;
/** Longer than a batch of gateway calls may take (TapPay: up to 30 s each), so a live pass keeps its claims. */
export const RENEWAL_LEASE_MS = 15 * 60_000;
/** Subscriptions claimed per pass, renewed one after another; more wait for the next pass. */
const BATCH = 10;

export interface RenewalResult {
  siteId: number;
  outcome: RenewalOutcome;
}

export interface RenewalOptions {
  intervalMs?: number;
  /** Told what each pass did (tests count the renewals). */
  onRenewed?: (results: RenewalResult[]) => void;
}

export interface Renewals {
  /** Runs a pass now (after one under way) and answers what it did. */
  pass(): Promise<RenewalResult[]>;
  /** Stops polling and waits for a pass under way. */
  stop(): Promise<void>;
}

/** One pass: claims up to BATCH due subscriptions and renews each; answers what happened to them. */
export async function renewDue(deps: RenewalDeps): Promise<RenewalResult[]> {
  const now = new Date(deps.now());
  const due = deps.db
    .select({ id: siteSubscriptions.id })
    .from(siteSubscriptions)
    .where(and(inArray(siteSubscriptions.status, [...RENEWING]), lte(siteSubscriptions.nextAttemptAt, now)))
    .orderBy(asc(siteSubscriptions.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(siteSubscriptions)
    .set({ nextAttemptAt: new Date(now.getTime() + RENEWAL_LEASE_MS) })
    .where(
      and(
        inArray(siteSubscriptions.id, due),
        inArray(siteSubscriptions.status, [...RENEWING]),
        lte(siteSubscriptions.nextAttemptAt, now),
      ),
    )
    .returning();
  const results: RenewalResult[] = [];
  for (const sub of claimed) {
    try {
      results.push({ siteId: sub.siteId, outcome: await renewSubscription(deps, sub) });
    } catch (err) {
      // E.g. the gateway's record query failed: the lease brings the subscription back.
      deps.log.error({ err, site: sub.siteId }, 'renewal failed; will try again');
    }
  }
  return results;
}

/** Renews every `intervalMs` (RENEWAL_INTERVAL_MS by default), starting at once. */
export function startRenewals(deps: RenewalDeps, opts: RenewalOptions = {}): Renewals {
  const interval = opts.intervalMs ?? RENEWAL_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const tick = async (): Promise<RenewalResult[]> => {
    try {
      // A full batch: more may be due.
      const all: RenewalResult[] = [];
      let claimed: RenewalResult[];
      do {
        claimed = await renewDue(deps);
        all.push(...claimed);
      } while (!stopped && claimed.length === BATCH);
      if (all.length) {
        deps.log.info({ results: all }, 'renewals');
        opts.onRenewed?.(all);
      }
      return all;
    } catch (err) {
      // A failed pass (e.g. the database restarting) is retried by the next one.
      deps.log.error({ err }, 'renewal pass failed');
      return [];
    }
  };
  /** One pass after whatever runs: passes never overlap within an instance. */
  const pass = () => {
    const next = running.then(tick);
    running = next;
    return next;
  };
  const loop = () => {
    if (stopped) return;
    void pass().then(() => {
      if (!stopped) timer = setTimeout(loop, interval);
    });
  };
  loop();

  return {
    pass,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
