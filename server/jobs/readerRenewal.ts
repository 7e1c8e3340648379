/**
 * Renews readers' subscriptions when their periods end (the renewal itself: server/modules/subscription/
 * renewal.ts), as server/jobs/renewal.ts renews site plans: each pass claims due subscriptions (active or past_due,
 * next_attempt_at passed) with one UPDATE over a SELECT … FOR UPDATE SKIP LOCKED that moves next_attempt_at a lease
 * ahead, so two instances never take one at once and one whose instance died is taken again after the lease (the
 * charge's unique purpose then stops a second charge). The claim commits before the gateway is called.
 */

import { and, asc, inArray, lte } from 'drizzle-orm';
import { readerSubscriptions } from '../modules/readers/schema';
import {
  READER_RENEWAL_LEASE_MS,
  READER_RENEWING,
  type ReaderRenewalDeps,
  type RenewalOutcome,
  renewReader,
} from '../modules/subscription/renewal';
import { type BatchedJob, batchedJob } from './batched';

export const READER_RENEWAL_INTERVAL_MS = 60_000;
const BATCH = 20;

export interface ReaderRenewalResult {
  readerId: number;
  outcome: RenewalOutcome;
}

export type ReaderRenewals = BatchedJob<ReaderRenewalResult>;

export async function renewDueReaders(deps: ReaderRenewalDeps): Promise<ReaderRenewalResult[]> {
  const now = new Date(deps.now());
  const due = deps.db
    .select({ id: readerSubscriptions.id })
    .from(readerSubscriptions)
    .where(
      and(
        inArray(readerSubscriptions.status, [...READER_RENEWING]),
        lte(readerSubscriptions.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(readerSubscriptions.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(readerSubscriptions)
    .set({ nextAttemptAt: new Date(now.getTime() + READER_RENEWAL_LEASE_MS) })
    .where(
      and(
        inArray(readerSubscriptions.id, due),
        inArray(readerSubscriptions.status, [...READER_RENEWING]),
        lte(readerSubscriptions.nextAttemptAt, now),
      ),
    )
    .returning();
  const results: ReaderRenewalResult[] = [];
  for (const sub of claimed) {
    try {
      results.push({ readerId: sub.readerId, outcome: await renewReader(deps, sub) });
    } catch (err) {
      deps.log.error({ err, reader: sub.readerId }, 'reader renewal failed; will try again');
    }
  }
  return results;
}

/** Renews every `intervalMs`, starting at once; passes never overlap within an instance. */
export function startReaderRenewals(
  deps: ReaderRenewalDeps,
  opts: { intervalMs?: number } = {},
): ReaderRenewals {
  return batchedJob({
    name: 'reader renewals',
    intervalMs: opts.intervalMs ?? READER_RENEWAL_INTERVAL_MS,
    batch: BATCH,
    claim: () => renewDueReaders(deps),
    log: deps.log,
  });
}
