/**
 * Renews site plans when their periods end (the renewal itself: server/modules/plans/renewal.ts). Each pass claims
 * due subscriptions (active or past_due, next_attempt_at passed) with one UPDATE that takes them FOR UPDATE SKIP
 * LOCKED and moves their next_attempt_at a lease ahead, like the mail job: two instances never take one at once, and
 * one whose instance died midway is taken again after the lease (its charge's unique purpose then stops a second
 * charge). The claim commits before the gateway is called, so no transaction waits on it. An instance started after
 * the moment (a restart) renews what it missed on its first pass.
 */

import { and, asc, inArray, lte } from 'drizzle-orm';
import {
  RENEWAL_LEASE_MS,
  RENEWING,
  type RenewalDeps,
  type RenewalOutcome,
  renewSubscription,
} from '../modules/plans/renewal';
import { siteSubscriptions } from '../modules/plans/schema';
import { type BatchedJob, batchedJob } from './batched';

export { RENEWAL_LEASE_MS };

/** Periods end to the millisecond, but a minute late is soon enough. */
export const RENEWAL_INTERVAL_MS = 60_000;
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

export type Renewals = BatchedJob<RenewalResult>;

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
  return batchedJob({
    name: 'renewals',
    intervalMs: opts.intervalMs ?? RENEWAL_INTERVAL_MS,
    batch: BATCH,
    claim: () => renewDue(deps),
    log: deps.log,
    onDone: opts.onRenewed,
  });
}
