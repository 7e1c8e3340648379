/**
 * Renewing a reader's subscription when its period ends (the job that finds due ones: server/jobs/readerRenewal.ts),
 * as the site's own plan renews (server/modules/plans/renewal.ts): one charge per reader, period and attempt — its
 * payment row is inserted first with the purpose `renewal:<period end>:<attempt>` (unique per reader), so another
 * instance's insert finds it taken and charges nothing. The card kept by the first payment is charged by token; an
 * outcome not yet known stays pending and is asked of the gateway on a later pass, never charged again. Each effect
 * is one conditional UPDATE on the subscription as the charge found it.
 *
 * Grace: a failed charge leaves the reader past_due (still paying: the paid sections stay open) and retries
 * RETRY_AFTER_DAYS (1, 3 and 7 days) after the period's end; when the last retry fails the subscription lapses.
 * A reader who cancelled is not charged: at the period's end the subscription is cancelled.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { RETRY_AFTER_DAYS } from '../../../contract/billing';
import { PaymentGatewayError } from '../../adapters/payment/gateway';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { neverReached, outcomeOf } from '../plans/payments';
import type { RenewalOutcome } from '../plans/renewal';
import { type RenewalKey, renewalKeyOf, renewalPurpose } from '../plans/renewalKey';
import { readerPayments, readerPlans, readerSubscriptions, readers } from '../readers/schema';
import {
  applyReaderRenewal,
  lookUpReader,
  newReaderOrderNumber,
  type ReaderPaymentRow,
  refundLateReader,
} from './payments';
import { settleCardChange } from './readerCard';

export type { RenewalOutcome };
export type ReaderRenewalDeps = Pick<Deps, 'db' | 'now' | 'log' | 'payment'>;
type SubscriptionRow = typeof readerSubscriptions.$inferSelect;

/** How long a pass's claim of a subscription lasts; a charge with no gateway record this long after never reached it. */
export const READER_RENEWAL_LEASE_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
export const READER_RENEWING = ['active', 'past_due'] as const;

const asFound = (readerId: number, key: RenewalKey) =>
  and(
    eq(readerSubscriptions.readerId, readerId),
    eq(readerSubscriptions.periodEnd, key.periodEnd),
    eq(readerSubscriptions.renewAttempts, key.attempt),
    inArray(readerSubscriptions.status, [...READER_RENEWING]),
  );

export async function renewReader(deps: ReaderRenewalDeps, sub: SubscriptionRow): Promise<RenewalOutcome> {
  if (!sub.periodEnd) return 'skipped';
  const key: RenewalKey = { periodEnd: sub.periodEnd, attempt: sub.renewAttempts };
  if (sub.cancelAtPeriodEnd) return cancelAtEnd(deps, sub.readerId, key);
  const purpose = renewalPurpose(key);
  const [existing] = await deps.db
    .select()
    .from(readerPayments)
    .where(and(eq(readerPayments.readerId, sub.readerId), eq(readerPayments.purpose, purpose)));
  // A card change paying it (readerCard.ts) is settled as the window payment it is: paid, it renewed; failed or
  // expired, it gave the purpose back and the attempt is charged to the kept card after the lease.
  if (existing) {
    if (existing.kind !== 'card') return resume(deps, existing);
    const now = await settleCardChange(deps, existing, 'keep');
    if (now.status === 'pending') return 'pending';
    return now.status === 'paid' ? 'renewed' : 'skipped';
  }
  // A plan taken off sale still renews for those who hold it; the price is the plan's now.
  const [plan] = await deps.db.select().from(readerPlans).where(eq(readerPlans.id, sub.planId));
  const [row] = await deps.db
    .insert(readerPayments)
    .values({
      siteId: sub.siteId,
      readerId: sub.readerId,
      planId: sub.planId,
      orderNumber: newReaderOrderNumber(sub.siteId, deps.now()),
      kind: 'renewal',
      amount: plan.price,
      purpose,
      createdAt: new Date(deps.now()),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return 'skipped';
  return charge(deps, row, sub, plan.name);
}

async function charge(
  deps: ReaderRenewalDeps,
  payment: ReaderPaymentRow,
  sub: SubscriptionRow,
  planName: string,
): Promise<RenewalOutcome> {
  if (!sub.card) return finish(deps, payment, 'failed');
  const [reader] = await deps.db
    .select({ email: readers.email, name: readers.name })
    .from(readers)
    .where(eq(readers.id, sub.readerId));
  let result: Awaited<ReturnType<ReaderRenewalDeps['payment']['payByToken']>>;
  try {
    result = await deps.payment.payByToken({
      amount: payment.amount,
      orderNumber: payment.orderNumber,
      details: `Reader plan ${planName} renewal`.slice(0, 100),
      cardholder: { name: reader?.name || reader?.email || '', email: reader?.email ?? '', phone: '' },
      cardKey: sub.card.cardKey,
      cardToken: sub.card.cardToken,
    });
  } catch (err) {
    deps.log.error({ err, order: payment.orderNumber }, 'reader renewal charge: gateway call failed');
    if (err instanceof PaymentGatewayError && err.kind === 'refused') {
      await deps.db
        .delete(readerPayments)
        .where(and(eq(readerPayments.id, payment.id), eq(readerPayments.status, 'pending')));
      return 'refused';
    }
    return 'unknown';
  }
  const recTradeId = result.tradeId ?? null;
  if (recTradeId)
    await deps.db.update(readerPayments).set({ recTradeId }).where(eq(readerPayments.id, payment.id));
  if (result.status === 'declined') return finish(deps, { ...payment, recTradeId }, 'failed');
  return resume(deps, { ...payment, recTradeId });
}

async function resume(deps: ReaderRenewalDeps, payment: ReaderPaymentRow): Promise<RenewalOutcome> {
  if (payment.status !== 'pending')
    return finish(deps, payment, payment.status === 'paid' ? 'paid' : 'failed');
  const { payment: asOf, asked } = await lookUpReader(deps, payment);
  if (neverReached(asOf, asked, READER_RENEWAL_LEASE_MS, deps.now())) return finish(deps, asOf, 'failed');
  if (!asOf.recTradeId) return 'unknown';
  const outcome = outcomeOf(asked, asOf);
  if (outcome === 'pending') return 'pending';
  return finish(deps, asOf, outcome);
}

async function finish(
  deps: ReaderRenewalDeps,
  payment: ReaderPaymentRow,
  outcome: 'paid' | 'failed',
): Promise<RenewalOutcome> {
  const at = new Date(deps.now());
  const done = await deps.db.transaction(async (tx) => {
    const [flipped] = await tx
      .update(readerPayments)
      .set({ status: outcome, ...(outcome === 'paid' && { paidAt: at }) })
      .where(and(eq(readerPayments.id, payment.id), eq(readerPayments.status, 'pending')))
      .returning();
    const [current] = flipped
      ? [flipped]
      : await tx.select().from(readerPayments).where(eq(readerPayments.id, payment.id));
    if (current.status === 'paid')
      return { outcome: (await applyReaderRenewal(tx, current, at)) ? 'renewed' : 'skipped' } as const;
    if (outcome === 'paid' && current.status === 'failed' && current.recTradeId)
      return { outcome: 'skipped', refund: { ...current, recTradeId: current.recTradeId } } as const;
    if (current.status === 'failed') return { outcome: await applyFailure(tx, current, at) } as const;
    return { outcome: 'pending' } as const;
  });
  if ('refund' in done && done.refund) await refundLateReader(deps, done.refund, done.refund.recTradeId);
  return done.outcome;
}

/** A failed attempt: past_due until the next retry; after the last one the subscription lapses. */
async function applyFailure(tx: Db, payment: ReaderPaymentRow, at: Date): Promise<RenewalOutcome> {
  const key = renewalKeyOf(payment.purpose);
  if (!key) return 'skipped';
  const retryDays = RETRY_AFTER_DAYS[key.attempt];
  const lapse = retryDays === undefined;
  const [row] = await tx
    .update(readerSubscriptions)
    .set({
      status: lapse ? 'lapsed' : 'past_due',
      renewAttempts: key.attempt + 1,
      nextAttemptAt: lapse ? null : new Date(key.periodEnd.getTime() + retryDays * DAY_MS),
      updatedAt: at,
    })
    .where(asFound(payment.readerId, key))
    .returning({ id: readerSubscriptions.id });
  if (!row) return 'skipped';
  return lapse ? 'lapsed' : 'past_due';
}

async function cancelAtEnd(
  deps: ReaderRenewalDeps,
  readerId: number,
  key: RenewalKey,
): Promise<RenewalOutcome> {
  const [row] = await deps.db
    .update(readerSubscriptions)
    .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: new Date(deps.now()) })
    .where(and(asFound(readerId, key), eq(readerSubscriptions.cancelAtPeriodEnd, true)))
    .returning({ id: readerSubscriptions.id });
  return row ? 'cancelled' : 'skipped';
}
