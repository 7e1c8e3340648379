/**
 * Readers paying for a site's reader plan, with the guarantees of the site's own plan (server/modules/plans/
 * payments.ts, whose matching and period helpers this reuses): a pending row first with our `R…` order number, then
 * the charge with the browser's one-time prime, 3-D Secure and `remember`; the outcome is only ever learnt from the
 * gateway (`settleReaderPayment` queries the trade), whoever asks — the /subscribe page on its return, the
 * gateway's notification (plans/notify.ts dispatches R-orders here) or a retry — and a payment flips out of
 * `pending` with one conditional UPDATE, so its effects (the subscription's period, the card kept) apply once.
 *
 * Against charging twice: a reader has at most one open first payment (the partial unique index
 * reader_payments_open_uq); a new attempt first settles the open one, and is refused (19004) while it is younger
 * than PAYMENT_WINDOW_MINUTES, or expires it when older. A gateway call that throws leaves the payment pending
 * (19005) for the record query. A payment we no longer count that the gateway reports paid is refunded.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { PAYMENT_WINDOW_MINUTES, type PaymentStatus } from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import type { ReaderPaymentReply } from '../../../contract/subscription';
import { PaymentGatewayError, type TradeRecord } from '../../adapters/payment/gateway';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { readerPayments, readerPlans, readerSubscriptions } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { publicPath } from '../../public/paths';
import { NOTIFY_PATH, neverReached, outcomeOf, paidAtGateway, periodEnd, recordOf } from '../plans/payments';
import { renewalKeyOf } from '../plans/renewalKey';
import { siteUrl } from '../sites/service';
import type { ReaderPlanRow } from './offer';

export type ReaderPaymentRow = typeof readerPayments.$inferSelect;
type SiteOfPayment = { id: number; slug: string; domain: string; displayLanguages: number[] };

const WINDOW_MS = PAYMENT_WINDOW_MINUTES * 60_000;
/** Subscription statuses in which a reader already pays (a new first payment is refused). */
const PAYING = ['active', 'past_due'] as const;
/** Payments we do not count: money the gateway took for one of them is given back. */
const UNCOUNTED: PaymentStatus[] = ['failed', 'expired'];

/** Reader orders are told from the site's own (`S…`) by their first letter: the notification route dispatches on it. */
export const READER_ORDER_PREFIX = 'R';
export const isReaderOrder = (orderNumber: string) => orderNumber.startsWith(READER_ORDER_PREFIX);
export const newReaderOrderNumber = (siteId: number, now: number) =>
  `${READER_ORDER_PREFIX}${siteId}-${now.toString(36)}-${randomBytes(5).toString('hex')}`;

export const toReaderReply = (p: ReaderPaymentRow, redirectUrl?: string): ReaderPaymentReply => ({
  order_number: p.orderNumber,
  status: p.status,
  ...(redirectUrl && { redirect_url: redirectUrl }),
});

export async function readerPaymentByOrder(db: Db, orderNumber: string) {
  const [row] = await db.select().from(readerPayments).where(eq(readerPayments.orderNumber, orderNumber));
  return row as ReaderPaymentRow | undefined;
}

export async function subscriptionOfReader(db: Db, readerId: number) {
  const [row] = await db.select().from(readerSubscriptions).where(eq(readerSubscriptions.readerId, readerId));
  return row;
}

/** Settles the reader's open first payments; one still open and young refuses a new attempt, an older one expires. */
async function openReaderSlot(deps: Deps, readerId: number): Promise<void> {
  const open = await deps.db
    .select()
    .from(readerPayments)
    .where(
      and(
        eq(readerPayments.readerId, readerId),
        eq(readerPayments.status, 'pending'),
        isNull(readerPayments.purpose),
      ),
    );
  for (const found of open) {
    const row = await settleRow(deps, found, 'throw');
    if (row.status !== 'pending') continue;
    if (deps.now() - row.createdAt.getTime() < WINDOW_MS) throw new AppError(Code.PAYMENT_IN_PROGRESS);
    await deps.db
      .update(readerPayments)
      .set({ status: 'expired' })
      .where(and(eq(readerPayments.id, row.id), eq(readerPayments.status, 'pending')));
  }
}

export interface ReaderPayRequest {
  site: SiteOfPayment;
  reader: { id: number; email: string };
  plan: ReaderPlanRow;
  prime: string;
  cardholder: { name: string; phone?: string };
}

/** A reader's first payment for a plan: pending with the 3-D Secure window's address, paid, or failed. */
export async function startReaderPayment(deps: Deps, req: ReaderPayRequest): Promise<ReaderPaymentReply> {
  const sub = await subscriptionOfReader(deps.db, req.reader.id);
  if (sub && (PAYING as readonly string[]).includes(sub.status))
    throw new AppError(Code.READER_ALREADY_PAYING);
  await openReaderSlot(deps, req.reader.id);
  let payment: ReaderPaymentRow;
  try {
    [payment] = await deps.db
      .insert(readerPayments)
      .values({
        siteId: req.site.id,
        readerId: req.reader.id,
        planId: req.plan.id,
        orderNumber: newReaderOrderNumber(req.site.id, deps.now()),
        kind: 'first',
        amount: req.plan.price,
        createdAt: new Date(deps.now()),
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.PAYMENT_IN_PROGRESS);
    throw err;
  }
  // The window comes back to the site's own /subscribe page, in the plan's language.
  const returnUrl = siteUrl(req.site, deps.config) + publicPath(req.site, 'subscribe', '', req.plan.langId);
  let result: Awaited<ReturnType<Deps['payment']['payByPrime']>>;
  try {
    result = await deps.payment.payByPrime({
      amount: payment.amount,
      orderNumber: payment.orderNumber,
      details: `Reader plan ${req.plan.name}`.slice(0, 100),
      cardholder: { name: req.cardholder.name, email: req.reader.email, phone: req.cardholder.phone ?? '' },
      prime: req.prime,
      remember: true,
      threeDomainSecure: { returnUrl, notifyUrl: `${deps.config.publicUrl}${NOTIFY_PATH}` },
    });
  } catch (err) {
    deps.log.error({ err, order: payment.orderNumber }, 'reader payment: gateway call failed');
    if (!(err instanceof PaymentGatewayError && err.kind === 'refused'))
      throw new AppError(Code.PAYMENT_UNCONFIRMED);
    const [failed] = await markFailed(deps.db, payment.id, null);
    return toReaderReply(failed ?? payment);
  }
  if (result.status === 'declined') {
    const [failed] = await markFailed(deps.db, payment.id, result.tradeId ?? null);
    return toReaderReply(failed ?? payment);
  }
  await deps.db
    .update(readerPayments)
    .set({ recTradeId: result.tradeId, card: result.card ?? null })
    .where(eq(readerPayments.id, payment.id));
  if (result.status === 'pending') return toReaderReply(payment, result.redirectUrl);
  return toReaderReply(await settleReaderPayment(deps, payment.orderNumber));
}

export const markFailed = (db: Db, id: number, recTradeId: string | null) =>
  db
    .update(readerPayments)
    .set({ status: 'failed', ...(recTradeId && { recTradeId }) })
    .where(and(eq(readerPayments.id, id), eq(readerPayments.status, 'pending')))
    .returning();

/** The gateway's record of a payment: by its trade id, or by our order number when the charge's call threw. */
export async function lookUpReader(
  deps: Pick<Deps, 'db' | 'payment'>,
  payment: ReaderPaymentRow,
): Promise<{ payment: ReaderPaymentRow; asked: TradeRecord | null }> {
  if (payment.recTradeId) return { payment, asked: await deps.payment.query(payment.recTradeId) };
  const asked = await deps.payment.queryByOrder(payment.orderNumber);
  const record = recordOf(asked, payment);
  if (!record) return { payment, asked };
  await deps.db
    .update(readerPayments)
    .set({ recTradeId: record.tradeId })
    .where(and(eq(readerPayments.id, payment.id), isNull(readerPayments.recTradeId)));
  return { payment: { ...payment, recTradeId: record.tradeId }, asked };
}

/** Asks the gateway how a reader payment went and records it exactly once; answers it as it now stands. */
export async function settleReaderPayment(deps: Deps, orderNumber: string): Promise<ReaderPaymentRow> {
  const payment = await readerPaymentByOrder(deps.db, orderNumber);
  if (!payment) throw new Error(`settleReaderPayment: no payment ${orderNumber}`);
  return settleRow(deps, payment, 'keep');
}

async function settleRow(
  deps: Deps,
  found: ReaderPaymentRow,
  unreachable: 'keep' | 'throw',
): Promise<ReaderPaymentRow> {
  const open = found.status === 'pending';
  if (!(open || UNCOUNTED.includes(found.status))) return found;
  if (!found.recTradeId && found.status === 'failed') return found;
  let payment: ReaderPaymentRow;
  let asked: TradeRecord | null;
  try {
    ({ payment, asked } = await lookUpReader(deps, found));
  } catch (err) {
    deps.log.error({ err, order: found.orderNumber }, 'reader payment: gateway query failed');
    if (unreachable === 'throw') throw new AppError(Code.PAYMENT_UNCONFIRMED);
    return found;
  }
  // Renewals are settled by the renewal job, on its own schedule.
  if (payment.purpose) return payment;
  if (open && neverReached(payment, asked, WINDOW_MS, deps.now())) {
    const [failed] = await markFailed(deps.db, payment.id, null);
    return failed ?? ((await readerPaymentByOrder(deps.db, payment.orderNumber)) as ReaderPaymentRow);
  }
  const record = recordOf(asked, payment);
  if (!open)
    return record && paidAtGateway(record) ? refundLateReader(deps, payment, record.tradeId) : payment;
  const outcome = outcomeOf(record, payment);
  if (outcome === 'pending') return payment;
  return deps.db.transaction(async (tx) => {
    const at = new Date(deps.now());
    const [flipped] = await tx
      .update(readerPayments)
      .set({ status: outcome, ...(outcome === 'paid' && { paidAt: at }) })
      .where(and(eq(readerPayments.id, payment.id), eq(readerPayments.status, 'pending')))
      .returning();
    // Someone else settled it first: theirs are the effects.
    if (!flipped) return (await readerPaymentByOrder(tx, payment.orderNumber)) as ReaderPaymentRow;
    if (outcome === 'paid') await applyFirstPaid(tx, flipped, at);
    return flipped;
  });
}

/** A first payment's effects: the plan active for `freq` months from now, the card kept for renewals. */
async function applyFirstPaid(tx: Db, payment: ReaderPaymentRow, at: Date) {
  const [plan] = await tx
    .select({ freq: readerPlans.freq })
    .from(readerPlans)
    .where(eq(readerPlans.id, payment.planId));
  const end = periodEnd(at, plan?.freq ?? 1);
  const period = {
    planId: payment.planId,
    status: 'active' as const,
    periodStart: at,
    periodEnd: end,
    nextAttemptAt: end,
    renewAttempts: 0,
    cancelAtPeriodEnd: false,
    ...(payment.card && { card: payment.card }),
  };
  await tx
    .insert(readerSubscriptions)
    .values({ siteId: payment.siteId, readerId: payment.readerId, ...period })
    .onConflictDoUpdate({ target: readerSubscriptions.readerId, set: { ...period, updatedAt: at } });
}

/**
 * A paid renewal's effects on the subscription as its charge found it (period end and attempt, from the purpose):
 * the next period from the old end, retries reset. Applied once whoever settles it; answers whether it applied.
 */
export async function applyReaderRenewal(tx: Db, payment: ReaderPaymentRow, at: Date): Promise<boolean> {
  const key = renewalKeyOf(payment.purpose);
  if (!key) return false;
  const asFound = and(
    eq(readerSubscriptions.readerId, payment.readerId),
    eq(readerSubscriptions.periodEnd, key.periodEnd),
    eq(readerSubscriptions.renewAttempts, key.attempt),
    inArray(readerSubscriptions.status, [...PAYING]),
  );
  const [sub] = await tx
    .select({ periodStart: readerSubscriptions.periodStart })
    .from(readerSubscriptions)
    .where(asFound);
  if (!sub) return false;
  const [plan] = await tx
    .select({ freq: readerPlans.freq })
    .from(readerPlans)
    .where(eq(readerPlans.id, payment.planId));
  const months = plan?.freq ?? 1;
  const day = Math.max(sub.periodStart?.getUTCDate() ?? 0, key.periodEnd.getUTCDate());
  const end = periodEnd(key.periodEnd, months, day);
  const [row] = await tx
    .update(readerSubscriptions)
    .set({
      status: 'active',
      periodStart: key.periodEnd,
      periodEnd: end,
      renewAttempts: 0,
      nextAttemptAt: end,
      updatedAt: at,
    })
    .where(asFound)
    .returning({ id: readerSubscriptions.id });
  return Boolean(row);
}

/** Money the gateway took for a payment we no longer count: given back once (moved to refunded first). */
export async function refundLateReader(
  deps: Pick<Deps, 'db' | 'payment' | 'log'>,
  payment: ReaderPaymentRow,
  tradeId: string,
): Promise<ReaderPaymentRow> {
  const [claimed] = await deps.db
    .update(readerPayments)
    .set({ status: 'refunded' })
    .where(and(eq(readerPayments.id, payment.id), inArray(readerPayments.status, UNCOUNTED)))
    .returning();
  if (!claimed) return (await readerPaymentByOrder(deps.db, payment.orderNumber)) as ReaderPaymentRow;
  try {
    await deps.payment.refund(tradeId);
    deps.log.warn({ order: payment.orderNumber }, 'a reader payment no longer counted was paid: refunded');
    return claimed;
  } catch (err) {
    deps.log.error({ err, order: payment.orderNumber }, 'refund of a late reader payment failed');
    const [back] = await deps.db
      .update(readerPayments)
      .set({ status: payment.status })
      .where(and(eq(readerPayments.id, payment.id), eq(readerPayments.status, 'refunded')))
      .returning();
    return back ?? claimed;
  }
}
