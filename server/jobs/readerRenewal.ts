/**
 * Renews readers' subscriptions when their periods end (the renewal itself: server/modules/subscription/
 * renewal.ts), as server/jobs/renewal.ts renews site plans: each pass claims due subscriptions (active or past_due,
 * next_attempt_at passed) with one UPDATE over a SELECT … FOR UPDATE SKIP LOCKED that moves next_attempt_at a lease
 * ahead, so two instances never take one at once and one whose instance died is taken again after the lease (the
 * charge's unique purpose then stops a second charge). The claim commits before the gateway is called.
 */
import { and, asc, inArray, lte } from 'drizzle-orm';
import { readerSubscriptions } from '../db/schema';
import {
  READER_RENEWAL_LEASE_MS,
  READER_RENEWING,
  type ReaderRenewalDeps,
  type RenewalOutcome,
  renewReader,
} from '../modules/subscription/renewal';

export const READER_RENEWAL_INTERVAL_MS = 60_000;
const BATCH = 20;

export interface ReaderRenewalResult {
  readerId: number;
  outcome: RenewalOutcome;
}

export interface ReaderRenewals {
  pass(): Promise<ReaderRenewalResult[]>;
  stop(): Promise<void>;
}

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
  const interval = opts.intervalMs ?? READER_RENEWAL_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async (): Promise<ReaderRenewalResult[]> => {
    try {
      const all: ReaderRenewalResult[] = [];
      let claimed: ReaderRenewalResult[];
      do {
        claimed = await renewDueReaders(deps);
        all.push(...claimed);
      } while (!stopped && claimed.length === BATCH);
      if (all.length) deps.log.info({ results: all }, 'reader renewals');
      return all;
    } catch (err) {
      deps.log.error({ err }, 'reader renewal pass failed');
      return [];
    }
  };
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
