/**
 * Paying for a site's plan through the gateway (Deps.payment). A payment is a row first (`pending`, our unique
 * order number), then a charge with the browser's one-time prime, 3-D Secure and `remember`. Its outcome is only ever
 * learnt from the gateway (`settle` queries the trade), whoever asks: the payment window's message, the gateway's
 * notification, or a retry. `settle` flips a payment out of `pending` with one conditional UPDATE in a transaction,
 * so of two callers racing only the one that flipped it applies the effects (subscription period, stored card).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaymentKind, PaymentReply } from '../../../contract/billing';
import type { InvoiceData } from '../../../contract/invoice';
import type { Cardholder, TradeRecord } from '../../adapters/payment/gateway';
import type { Db } from '../../db/client';
import { paymentCards, payments, siteSubscriptions, sites } from '../../db/schema';
import type { Deps } from '../../deps';
import type { PlanRow } from './catalogue';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Where the gateway's notification is posted (notify.ts: outside /api, which holds the catalogue's actions only) and
 * where the payment window returns (the SPA).
 */
export const NOTIFY_PATH = '/payment-gateway/notify';
export const RETURN_PATH = '/plan/paid';

/** One period of a plan: a calendar month from the payment. */
export function periodEnd(start: Date): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  // 31 January + 1 month is 28/29 February, not 2/3 March.
  if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0);
  return end;
}

/** Ours, unique, at most 50 characters (TapPay's limit): the site, the time, and randomness. */
const newOrderNumber = (siteId: number, now: number) =>
  `S${siteId}-${now.toString(36)}-${randomBytes(5).toString('hex')}`;

export const toReply = (p: PaymentRow, redirectUrl?: string): PaymentReply => ({
  site: p.siteId,
  order_number: p.orderNumber,
  status: p.status,
  ...(redirectUrl && { redirect_url: redirectUrl }),
});

export interface PaymentRequest {
  siteId: number;
  plan: PlanRow;
  kind: PaymentKind;
  prime: string;
  invoice: InvoiceData;
  cardholder: Cardholder;
}

/** Charges the card behind `prime` for one period of `plan`: pending with the window's address, paid, or failed. */
export async function startPayment(deps: Deps, req: PaymentRequest): Promise<PaymentReply> {
  const { db } = deps;
  const [payment] = await db
    .insert(payments)
    .values({
      siteId: req.siteId,
      orderNumber: newOrderNumber(req.siteId, deps.now()),
      kind: req.kind,
      planId: req.plan.id,
      amount: req.plan.price,
      invoice: req.invoice,
    })
    .returning();
  const publicUrl = deps.config.publicUrl;
  let result: Awaited<ReturnType<Deps['payment']['payByPrime']>>;
  try {
    result = await deps.payment.payByPrime({
      amount: payment.amount,
      orderNumber: payment.orderNumber,
      details: `${req.plan.nameEn} plan`,
      cardholder: req.cardholder,
      prime: req.prime,
      remember: true,
      threeDomainSecure: { returnUrl: `${publicUrl}${RETURN_PATH}`, notifyUrl: `${publicUrl}${NOTIFY_PATH}` },
    });
  } catch (err) {
    // Nothing is known of the charge: recorded as failed so that the buyer may try again (see docs).
    deps.log.error({ err, order: payment.orderNumber }, 'payment gateway call failed');
    const [failed] = await markFailed(db, payment.id, null);
    return toReply(failed ?? payment);
  }
  if (result.status === 'declined') {
    const [failed] = await markFailed(db, payment.id, result.tradeId ?? null);
    return toReply(failed ?? payment);
  }
  await db
    .update(payments)
    .set({ recTradeId: result.tradeId, card: result.card ?? null })
    .where(eq(payments.id, payment.id));
  if (result.status === 'pending') return toReply(payment, result.redirectUrl);
  return toReply(await settle(deps, payment.orderNumber));
}

const markFailed = (db: Db, id: number, recTradeId: string | null) =>
  db
    .update(payments)
    .set({ status: 'failed', ...(recTradeId && { recTradeId }) })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();

export async function paymentByOrder(db: Db, orderNumber: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderNumber, orderNumber));
  return row;
}

/** What the gateway's record says of our payment; a record of another order or amount settles nothing. */
function outcomeOf(record: TradeRecord | null, payment: PaymentRow): 'paid' | 'failed' | 'pending' {
  if (!record || record.orderNumber !== payment.orderNumber || record.amount !== payment.amount)
    return 'pending';
  if (record.status === 'paid' || record.status === 'authorized') return 'paid';
  if (record.status === 'failed' || record.status === 'cancelled') return 'failed';
  return 'pending';
}

/**
 * Asks the gateway how a pending payment went and records it exactly once; answers the payment as it now stands.
 * The caller has found the payment (an unknown order number is a programming error here).
 */
export async function settle(deps: Deps, orderNumber: string): Promise<PaymentRow> {
  const payment = await paymentByOrder(deps.db, orderNumber);
  if (!payment) throw new Error(`settle: no payment ${orderNumber}`);
  if (payment.status !== 'pending' || !payment.recTradeId) return payment;
  const record = await deps.payment.query(payment.recTradeId);
  const outcome = outcomeOf(record, payment);
  if (record && outcome === 'pending' && record.orderNumber !== payment.orderNumber)
    deps.log.error({ order: orderNumber, record }, 'gateway record does not match the payment');
  if (outcome === 'pending') return payment;
  return deps.db.transaction(async (tx) => {
    const at = new Date(deps.now());
    const [flipped] = await tx
      .update(payments)
      .set({ status: outcome, ...(outcome === 'paid' && { paidAt: at }) })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    // Someone else settled it first: theirs are the effects.
    if (!flipped) return (await paymentByOrder(tx, orderNumber)) as PaymentRow;
    if (outcome === 'paid') await applyPaid(tx, flipped, at);
    return flipped;
  });
}

/** A paid payment's effects: the plan active for a period from now, the site on it, its card kept. */
async function applyPaid(tx: Db, payment: PaymentRow, at: Date) {
  const period = { periodStart: at, periodEnd: periodEnd(at) };
  await tx
    .insert(siteSubscriptions)
    .values({ siteId: payment.siteId, planId: payment.planId, status: 'active', ...period })
    .onConflictDoUpdate({
      target: siteSubscriptions.siteId,
      set: { planId: payment.planId, status: 'active', cancelAtPeriodEnd: false, updatedAt: at, ...period },
    });
  await tx
    .update(sites)
    .set({ serviceId: payment.planId, updatedAt: at })
    .where(eq(sites.id, payment.siteId));
  if (payment.card) {
    // The card just paid with replaces the one kept before: renewals charge it.
    await tx.delete(paymentCards).where(eq(paymentCards.siteId, payment.siteId));
    await tx.insert(paymentCards).values({ siteId: payment.siteId, ...payment.card });
  }
}
