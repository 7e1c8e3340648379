/**
 * Works the e-invoices left to do (server/modules/plans/invoicing.ts): an issue that failed and waits for its retry,
 * a refund's void or allowance, a receipt not queued, or a row whose worker died midway (its lease ran out). Each pass
 * claims due rows with one UPDATE that takes them FOR UPDATE SKIP LOCKED and moves their next_attempt_at a lease
 * ahead, as the renewal and mail jobs do: two instances never work one row at once. The claim commits before the
 * provider is called, so no transaction waits on it.
 */
import { and, asc, inArray, isNotNull, lte } from 'drizzle-orm';
import { INVOICE_LEASE_MS, type InvoicingDeps, work } from '../modules/plans/invoicing';
import { paymentInvoices } from '../modules/plans/schema';
import { type BatchedJob, batchedJob } from './batched';

/** Retries wait a minute at least: a minute's poll is soon enough. */
export const INVOICE_INTERVAL_MS = 60_000;
/** Rows claimed per pass, worked one after another; more wait for the next pass. */
const BATCH = 10;

export type InvoiceJob = BatchedJob<number>;

/** One pass: claims up to BATCH due rows and works each; answers their ids. */
export async function invoicesDue(deps: InvoicingDeps): Promise<number[]> {
  const now = new Date(deps.now());
  const due = deps.db
    .select({ id: paymentInvoices.id })
    .from(paymentInvoices)
    .where(and(isNotNull(paymentInvoices.nextAttemptAt), lte(paymentInvoices.nextAttemptAt, now)))
    .orderBy(asc(paymentInvoices.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(paymentInvoices)
    .set({ nextAttemptAt: new Date(now.getTime() + INVOICE_LEASE_MS) })
    .where(and(inArray(paymentInvoices.id, due), lte(paymentInvoices.nextAttemptAt, now)))
    .returning();
  for (const row of claimed) {
    try {
      await work(deps, row);
    } catch (err) {
      // E.g. the database restarting: the lease brings the row back.
      deps.log.error({ err, invoice: row.providerOrder }, 'e-invoice work failed; will try again');
    }
  }
  return claimed.map((r) => r.id);
}

/** Works due invoices every `intervalMs` (INVOICE_INTERVAL_MS by default), starting at once. */
export function startInvoiceJob(
  deps: InvoicingDeps,
  opts: { intervalMs?: number; onDone?: (ids: number[]) => void } = {},
): InvoiceJob {
  return batchedJob({
    name: 'invoices',
    intervalMs: opts.intervalMs ?? INVOICE_INTERVAL_MS,
    batch: BATCH,
    claim: () => invoicesDue(deps),
    log: deps.log,
    onDone: opts.onDone,
  });
}
