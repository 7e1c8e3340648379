/**
 * Paying for a site's plan through the gateway (Deps.payment). A payment is a row first (`pending`, our unique
 * order number), then a charge with the browser's one-time prime, 3-D Secure and `remember`. Its outcome is only ever
 * learnt from the gateway (`settle` queries the trade), whoever asks: the payment window's message, the gateway's
 * notification, or a retry. `settle` flips a payment out of `pending` with one conditional UPDATE in a transaction,
 * so of two callers racing only the one that flipped it applies the effects (subscription period, stored card).
 *
 * Against charging twice: a site has at most one open window (or change) payment (the partial unique index
 * `payments_open_uq`: two attempts at the same moment, one is refused 19004); a new attempt first settles the open
 * one through the gateway's record (`openPaymentSlot`). One still waiting on 3-D Secure (the buyer closed its
 * window, or reloaded) is superseded at once — expired, so that the buyer is never kept waiting for a window they
 * left — and should its window be finished after all, the gateway's late yes is refunded (`refundLate`), never kept.
 * A gateway call that throws leaves its payment pending (19005): the charge may have gone through, and the record
 * query tells later — by our order number, as such a payment has no trade id (`lookUp`). Only such a payment holds a
 * new attempt back (19004), and for PAYMENT_UNCONFIRMED_SECONDS at most: no record of it by then means the charge
 * never reached the gateway: failed.
 */

import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  GATEWAY_MESSAGE_MAX,
  PAYMENT_UNCONFIRMED_SECONDS,
  PAYMENT_WINDOW_MINUTES,
  type PaymentFailure,
  type PaymentKind,
  type PaymentReply,
  type PaymentStatus,
} from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import type { InvoiceData } from '../../../contract/invoice';
import { PAYMENT_RETURN_PATH } from '../../../contract/plans';
import { type Cardholder, PaymentGatewayError, type TradeRecord } from '../../adapters/payment/gateway';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { PlanRow } from '../tenancy/catalogue';
import { NEXT_RENDER } from '../tenancy/invalidate';
import { sites } from '../tenancy/schema';
import { type DiscountUse, fullPrice, type Priced, reserveUse } from './discounts';
import { paymentPaid } from './invoicing';
import { renewalKeyOf } from './renewalKey';
import { paymentCards, payments, siteSubscriptions } from './schema';

export type PaymentRow = typeof payments.$inferSelect;

/** How long a charge whose call threw may yet reach the gateway (neverReached). */
export const UNCONFIRMED_MS = PAYMENT_UNCONFIRMED_SECONDS * 1000;
/** How long the renewal job waits on a card change holding its purpose before expiring it (expireStale). */
const WINDOW_MS = PAYMENT_WINDOW_MINUTES * 60_000;

/**
 * Where the gateway's notification is posted (notify.ts: outside /api, which holds the catalogue's actions only) and
 * where the payment window returns (the SPA).
 */
export const NOTIFY_PATH = '/payment-gateway/notify';

/**
 * The end of `months` calendar months from `anchor` (one period of a plan by default): the same day and time of the
 * n-th month after it, or that month's last day when it has no such day — 31 January + 1 is 28/29 February, + 2 is
 * 31 March. `day` is the anchor's day of the month unless given.
 */
export function periodEnd(anchor: Date, months = 1, day = anchor.getUTCDate()): Date {
  const end = new Date(anchor);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/**
 * The end of the period after [start, end): a month after `end`, on the day of the month the site's periods keep
 * since the first was paid (renewals chain from the old end, so a 28 February must not become the day for good).
 * That day is the larger of the period's start and end days: only a month shorter than it moves a day, and no two
 * months in a row are (the short ones, February, April, June, September and November, are never neighbours).
 */
export const nextPeriodEnd = (start: Date | null, end: Date): Date =>
  periodEnd(end, 1, Math.max(start?.getUTCDate() ?? 0, end.getUTCDate()));

/** Ours, unique, at most 50 characters (TapPay's limit): the site, the time, and randomness. */
export const newOrderNumber = (siteId: number, now: number) =>
  `S${siteId}-${now.toString(36)}-${randomBytes(5).toString('hex')}`;

export const toReply = (p: PaymentRow, redirectUrl?: string): PaymentReply => ({
  site: p.siteId,
  order_number: p.orderNumber,
  status: p.status,
  ...(redirectUrl && { redirect_url: redirectUrl }),
  ...(p.status !== 'paid' && p.failure && { failure: p.failure }),
  ...(p.status !== 'paid' && p.failureMessage && { gateway_message: p.failureMessage }),
});

export interface PaymentRequest {
  siteId: number;
  plan: Pick<PlanRow, 'id' | 'price' | 'nameEn'>;
  kind: PaymentKind;
  prime: string;
  invoice: InvoiceData;
  cardholder: Cardholder;
  /** The payer's postal address (SPEC §3), kept with the payment for its invoice. */
  address?: string;
  /** The plan's price with the buyer's discount code (discounts.ts priceWith); the full price without one. */
  priced?: Priced & { use: DiscountUse };
  /** What is charged when not the plan's price (a card change's verification, an overdue renewal). */
  amount?: number;
  /** A card change recovering a past_due site: the renewal's purpose (card.ts). */
  purpose?: string;
  /** The gateway's `details` when not the plan's (at most DETAILS_MAX). */
  details?: string;
}

/**
 * Where a payment leaves `pending` for anything but paid: a card change holding a renewal's purpose gives it back
 * (`card:<order number>`), so that the renewal job's attempt of that period stays its own (card.ts).
 */
const releasedPurpose = sql`CASE WHEN ${payments.kind} = 'card' AND ${payments.purpose} LIKE 'renewal:%'
  THEN 'card:' || ${payments.orderNumber} ELSE ${payments.purpose} END`;

/** Whether a paid payment is a card change's verification (refunded), not a charge for a plan. */
export const isVerification = (p: Pick<PaymentRow, 'kind' | 'purpose'>) =>
  p.kind === 'card' && !p.purpose?.startsWith('renewal:');

/** Open payments of the site that the window or a change made (renewals have a purpose and their own job). */
const openPayments = (db: Db, siteId: number) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.siteId, siteId), eq(payments.status, 'pending'), isNull(payments.purpose)));

/**
 * Makes room for a new payment of the site: each open one is settled through the gateway's record first. One the
 * gateway made a trade of and still waits on (3-D Secure in a window the buyer left) is superseded: expired now,
 * its late yes refunded. One whose charge call threw, not yet known to the gateway, holds the new attempt back
 * (19004) until it is known or PAYMENT_UNCONFIRMED_SECONDS have passed (settle then fails it). A gateway that cannot
 * be asked refuses the attempt too (19005): the open payment may have been paid.
 */
export async function openPaymentSlot(deps: Deps, siteId: number): Promise<void> {
  for (const open of await openPayments(deps.db, siteId))
    await supersede(deps, await settleRow(deps, open, 'throw'));
}

/**
 * Makes way for a new attempt past a payment as settled just now: still waiting on 3-D Secure (the gateway made its
 * trade), it is expired at once (a renewal's purpose it held given back; its late yes refunded); still unconfirmed
 * (its charge call threw, no trade known yet), the new attempt is refused (19004) until settling fails it.
 */
export async function supersede(deps: Pick<Deps, 'db' | 'log'>, row: PaymentRow): Promise<void> {
  if (row.status !== 'pending') return;
  if (!row.recTradeId) throw new AppError(Code.PAYMENT_IN_PROGRESS);
  const [expired] = await deps.db
    .update(payments)
    .set({ status: 'expired', failure: 'expired', purpose: releasedPurpose })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (expired)
    deps.log.info(
      { order: row.orderNumber },
      'payment superseded by a new attempt while it waited on 3-D Secure',
    );
}

/**
 * A new pending payment; another open one of the site (a concurrent attempt) answers 19004. One with a discount code
 * takes a use of it (`use` says for what) in the insert's transaction, or is refused (discounts.ts reserveUse).
 */
export async function insertPayment(
  deps: Deps,
  values: Omit<typeof payments.$inferInsert, 'orderNumber' | 'createdAt'>,
  use?: DiscountUse,
): Promise<PaymentRow> {
  const insert = async (db: Db) => {
    const [row] = await db
      .insert(payments)
      .values({
        ...values,
        orderNumber: newOrderNumber(values.siteId, deps.now()),
        createdAt: new Date(deps.now()),
      })
      .returning();
    return row;
  };
  const codeId = values.discountCodeId;
  try {
    if (!codeId || !use) return await insert(deps.db);
    return await deps.db.transaction(async (tx) => {
      await reserveUse(tx, codeId, use);
      return insert(tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.PAYMENT_IN_PROGRESS);
    throw err;
  }
}

/**
 * What a gateway call that threw means for its payment: refused by the gateway, nothing was charged: the payment
 * is failed (answered); otherwise nothing is known, so it stays pending for the record query (19005 is thrown).
 */
export async function gatewayThrew(deps: Deps, payment: PaymentRow, err: unknown): Promise<PaymentRow> {
  deps.log.error({ err, order: payment.orderNumber }, 'payment gateway call failed');
  if (!(err instanceof PaymentGatewayError && err.kind === 'refused'))
    throw new AppError(Code.PAYMENT_UNCONFIRMED);
  // Refused for our request or keys (the log says which), not the card: to the buyer, it never reached the bank.
  const [failed] = await markFailed(deps.db, payment.id, null, 'unreached');
  return failed ?? payment;
}

/**
 * Charges the card behind `prime` for one period of `plan`: pending with the window's address, paid, or failed.
 * The caller has made room with openPaymentSlot.
 */
export async function startPayment(deps: Deps, req: PaymentRequest): Promise<PaymentReply> {
  const { db } = deps;
  const { amount, discount, discountCodeId, use } = req.priced ?? {
    ...fullPrice(req.amount ?? req.plan.price),
    use: undefined,
  };
  const payment = await insertPayment(
    deps,
    {
      siteId: req.siteId,
      kind: req.kind,
      planId: req.plan.id,
      amount,
      discount,
      discountCodeId,
      invoice: req.invoice,
      address: req.address ?? '',
      purpose: req.purpose ?? null,
    },
    use,
  );
  const publicUrl = deps.config.publicUrl;
  let result: Awaited<ReturnType<Deps['payment']['payByPrime']>>;
  try {
    result = await deps.payment.payByPrime({
      amount: payment.amount,
      orderNumber: payment.orderNumber,
      details: req.details ?? `${req.plan.nameEn} plan`,
      cardholder: req.cardholder,
      prime: req.prime,
      remember: true,
      threeDomainSecure: {
        returnUrl: `${publicUrl}${PAYMENT_RETURN_PATH}`,
        notifyUrl: `${publicUrl}${NOTIFY_PATH}`,
      },
    });
  } catch (err) {
    return toReply(await gatewayThrew(deps, payment, err));
  }
  if (result.status === 'declined') {
    const [failed] = await markFailed(db, payment.id, result.tradeId ?? null, 'declined', result.message);
    return toReply(failed ?? payment);
  }
  await db
    .update(payments)
    .set({ recTradeId: result.tradeId, card: result.card ?? null })
    .where(eq(payments.id, payment.id));
  if (result.status === 'pending') return toReply(payment, result.redirectUrl);
  return toReply(await settle(deps, payment.orderNumber));
}

/** A pending payment failed, and why (the gateway's reason, bounded, when it gave one). */
export const markFailed = (
  db: Db,
  id: number,
  recTradeId: string | null,
  failure: PaymentFailure,
  gatewayMessage = '',
) =>
  db
    .update(payments)
    .set({
      status: 'failed',
      failure,
      failureMessage: gatewayMessage.trim().slice(0, GATEWAY_MESSAGE_MAX) || null,
      purpose: releasedPurpose,
      ...(recTradeId && { recTradeId }),
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();

export async function paymentByOrder(db: Db, orderNumber: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderNumber, orderNumber));
  return row;
}

/**
 * Asks the gateway for a payment's record: by its trade id, or, when the charge's call threw before answering (no
 * trade id), by our order number; a record of ours found so gives the payment its trade id. Answers the payment as
 * it now stands and what the gateway said (which may be another's record: see outcomeOf).
 */
export async function lookUp(
  deps: Pick<Deps, 'db' | 'payment'>,
  payment: PaymentRow,
): Promise<{ payment: PaymentRow; asked: TradeRecord | null }> {
  if (payment.recTradeId) return { payment, asked: await deps.payment.query(payment.recTradeId) };
  const asked = await deps.payment.queryByOrder(payment.orderNumber);
  const record = recordOf(asked, payment);
  if (!record) return { payment, asked };
  await deps.db
    .update(payments)
    .set({ recTradeId: record.tradeId })
    .where(and(eq(payments.id, payment.id), isNull(payments.recTradeId)));
  return { payment: { ...payment, recTradeId: record.tradeId }, asked };
}

/**
 * A charge whose call threw, of which the gateway has no record `boundMs` after the payment was made (longer than
 * a call may take): it never reached the gateway, and nothing was charged.
 */
export const neverReached = (
  payment: Pick<PaymentRow, 'recTradeId' | 'createdAt'>,
  asked: TradeRecord | null,
  boundMs: number,
  now: number,
) => !payment.recTradeId && !asked && now - payment.createdAt.getTime() >= boundMs;

/** What of a payment the gateway's record is matched on (site and reader payments alike). */
type Matched = Pick<PaymentRow, 'orderNumber' | 'amount'>;

/** Whether the gateway's record is of our payment: its order and amount. Another's settles nothing. */
export const recordOf = (record: TradeRecord | null, payment: Matched) =>
  record && record.orderNumber === payment.orderNumber && record.amount === payment.amount ? record : null;

export const paidAtGateway = (record: TradeRecord) =>
  record.status === 'paid' || record.status === 'authorized' || record.status === 'partially_refunded';

/** What the gateway's record says of our payment; a record of another order or amount settles nothing. */
export function outcomeOf(record: TradeRecord | null, payment: Matched): 'paid' | 'failed' | 'pending' {
  if (!recordOf(record, payment) || !record) return 'pending';
  if (record.status === 'paid' || record.status === 'authorized') return 'paid';
  if (record.status === 'failed' || record.status === 'cancelled') return 'failed';
  return 'pending';
}

/** What settling asks of the app (the renewal job's deps do too). */
export type SettleDeps = Pick<Deps, 'db' | 'now' | 'log' | 'payment' | 'invoice' | 'config' | 'outbox'>;

/** Statuses of payments we do not count: money the gateway took for one of them is given back. */
const UNCOUNTED: PaymentStatus[] = ['failed', 'expired'];

/**
 * Asks the gateway how a pending payment went and records it exactly once; answers the payment as it now stands.
 * A failed or expired one the gateway reports paid is refunded. A gateway that cannot be asked changes nothing.
 * The caller has found the payment (an unknown order number is a programming error here).
 */
export async function settle(deps: SettleDeps, orderNumber: string): Promise<PaymentRow> {
  const payment = await paymentByOrder(deps.db, orderNumber);
  if (!payment) throw new Error(`settle: no payment ${orderNumber}`);
  return settleRow(deps, payment, 'keep');
}

export async function settleRow(
  deps: SettleDeps,
  found: PaymentRow,
  unreachable: 'keep' | 'throw',
): Promise<PaymentRow> {
  // A verification whose refund failed before is given back now.
  if (found.status === 'paid') return refundVerification(deps, found);
  const open = found.status === 'pending';
  if (!(open || UNCOUNTED.includes(found.status))) return found;
  // Failed with no trade: refused or declined before the gateway made one; nothing to ask.
  if (!found.recTradeId && found.status === 'failed') return found;
  let payment: PaymentRow;
  let asked: TradeRecord | null;
  try {
    ({ payment, asked } = await lookUp(deps, found));
  } catch (err) {
    deps.log.error({ err, order: found.orderNumber }, 'payment gateway query failed');
    if (unreachable === 'throw') throw new AppError(Code.PAYMENT_UNCONFIRMED);
    return found;
  }
  // A renewal's attempt that never reached the gateway is failed by the renewal job, on its own schedule; a card
  // change's (even one holding a renewal's purpose) is the window's.
  if (
    open &&
    (!payment.purpose || payment.kind === 'card') &&
    neverReached(payment, asked, UNCONFIRMED_MS, deps.now())
  )
    return failNeverReached(deps, payment);
  const record = recordOf(asked, payment);
  if (asked && !record)
    deps.log.error(
      { order: payment.orderNumber, record: asked },
      'gateway record does not match the payment',
    );
  if (!open) return record && paidAtGateway(record) ? refundLate(deps, payment, record.tradeId) : payment;
  const outcome = outcomeOf(record, payment);
  if (outcome === 'pending') return payment;
  // A change's charge is applied only by the plan/change call that saw it paid: one found paid later is not.
  if (outcome === 'paid' && payment.kind === 'change') {
    const [expired] = await deps.db
      .update(payments)
      .set({ status: 'expired' })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    return expired && record
      ? refundLate(deps, expired, record.tradeId)
      : ((await paymentByOrder(deps.db, payment.orderNumber)) as PaymentRow);
  }
  const settled = await deps.db.transaction(async (tx) => {
    const at = new Date(deps.now());
    // A window payment the gateway reports failed did not pass 3-D Secure; a renewal's charge was declined.
    const failure: PaymentFailure = payment.purpose && payment.kind !== 'card' ? 'declined' : 'three_ds';
    const [flipped] = await tx
      .update(payments)
      .set(
        outcome === 'paid'
          ? { status: outcome, paidAt: at }
          : { status: outcome, failure, purpose: releasedPurpose },
      )
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    // Someone else settled it first: theirs are the effects.
    if (!flipped) return { row: (await paymentByOrder(tx, payment.orderNumber)) as PaymentRow, mine: false };
    if (outcome !== 'paid' || (await applyPaid(tx, flipped, at))) return { row: flipped, mine: true };
    // A card change that paid an overdue renewal no longer there (the subscription moved on): not counted, refunded.
    const [expired] = await tx
      .update(payments)
      .set({ status: 'expired', paidAt: null, purpose: releasedPurpose })
      .where(eq(payments.id, flipped.id))
      .returning();
    return { row: expired, mine: false, refund: true };
  });
  if ('refund' in settled && record) return refundLate(deps, settled.row, record.tradeId);
  if (!(settled.mine && settled.row.status === 'paid')) return settled.row;
  // A verification is given back, not invoiced.
  if (isVerification(settled.row)) return refundVerification(deps, settled.row);
  await paymentPaid(deps, settled.row);
  return settled.row;
}

/**
 * A paid card change's verification, given back once: `refunded_at` is set before the refund call, and cleared
 * again when the call fails, so that the payment's next settle tries again. Any other payment is answered as is.
 */
async function refundVerification(deps: SettleDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (!isVerification(payment) || payment.status !== 'paid' || payment.refundedAt || !payment.recTradeId)
    return payment;
  const [claimed] = await deps.db
    .update(payments)
    .set({ refundedAt: new Date(deps.now()) })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid'), isNull(payments.refundedAt)))
    .returning();
  if (!claimed) return (await paymentByOrder(deps.db, payment.orderNumber)) as PaymentRow;
  try {
    await deps.payment.refund(payment.recTradeId);
    return claimed;
  } catch (err) {
    deps.log.error(
      { err, order: payment.orderNumber },
      'card verification not refunded; tried again at its next settle',
    );
    const [back] = await deps.db
      .update(payments)
      .set({ refundedAt: null })
      .where(eq(payments.id, payment.id))
      .returning();
    return back ?? claimed;
  }
}

/**
 * A card change holding a renewal's purpose, still pending after its window's life with nothing known: expired (its
 * purpose given back), so that neither a new card change nor the renewal job waits on it for good. Answers the
 * payment as it now stands.
 */
export async function expireStale(deps: Pick<Deps, 'db' | 'now' | 'log'>, payment: PaymentRow) {
  if (payment.status !== 'pending' || deps.now() - payment.createdAt.getTime() < WINDOW_MS) return payment;
  const [expired] = await deps.db
    .update(payments)
    .set({ status: 'expired', purpose: releasedPurpose })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning();
  if (!expired) return (await paymentByOrder(deps.db, payment.orderNumber)) as PaymentRow;
  deps.log.warn({ order: payment.orderNumber }, 'card change expired: its window outlived, outcome unknown');
  return expired;
}

/** A window or change payment whose charge never reached the gateway: failed, so the buyer may pay again. */
async function failNeverReached(deps: SettleDeps, payment: PaymentRow): Promise<PaymentRow> {
  const [failed] = await deps.db
    .update(payments)
    .set({ status: 'failed', failure: 'unreached', purpose: releasedPurpose })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending'), isNull(payments.recTradeId)))
    .returning();
  if (!failed) return (await paymentByOrder(deps.db, payment.orderNumber)) as PaymentRow;
  deps.log.warn(
    { order: payment.orderNumber },
    'payment failed: its charge call threw and the gateway has no record of the order',
  );
  return failed;
}

/**
 * The gateway took money for a payment we no longer count (failed, expired): it is refunded, once (the status
 * moves to `refunded` before the refund; a refund that fails moves it back, so that the next settle tries again).
 */
export async function refundLate(
  deps: Pick<Deps, 'db' | 'payment' | 'log'>,
  payment: PaymentRow,
  tradeId: string,
): Promise<PaymentRow> {
  const [claimed] = await deps.db
    .update(payments)
    .set({ status: 'refunded' })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, UNCOUNTED)))
    .returning();
  if (!claimed) return (await paymentByOrder(deps.db, payment.orderNumber)) as PaymentRow;
  try {
    const { refunded } = await deps.payment.refund(tradeId);
    deps.log.warn(
      { order: payment.orderNumber, was: payment.status, refunded },
      'a payment no longer counted was paid at the gateway: refunded',
    );
    return claimed;
  } catch (err) {
    deps.log.error(
      { err, order: payment.orderNumber },
      'refund of a late payment failed; tried again at the next settle',
    );
    const [back] = await deps.db
      .update(payments)
      .set({ status: payment.status })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refunded')))
      .returning();
    return back ?? claimed;
  }
}

/**
 * A paid payment's effects: the plan active for a period from now, the site on it, its card kept. The renewal job
 * (server/jobs/renewal.ts) charges again at the period's end (`next_attempt_at`). Answers false when they can no
 * longer apply (a card change's overdue renewal already settled otherwise): the payment is then refunded.
 */
async function applyPaid(tx: Db, payment: PaymentRow, at: Date): Promise<boolean> {
  // A renewal, or a card change that paid a past_due site's overdue renewal: only the latter answers whether it
  // applied (a renewal's own are the job's to count).
  if (renewalKeyOf(payment.purpose)) return (await applyRenewal(tx, payment, at)) || payment.kind !== 'card';
  // A card change's verification: the card is all it changes.
  if (payment.kind === 'card') {
    await keepCard(tx, payment);
    return true;
  }
  const end = periodEnd(at);
  const period = {
    periodStart: at,
    periodEnd: end,
    nextAttemptAt: end,
    renewAttempts: 0,
    nextPlanId: null,
    // The code of the payment that starts the subscription: an `every` one discounts its renewals (renewal.ts).
    discountCodeId: payment.discountCodeId,
  };
  await tx
    .insert(siteSubscriptions)
    .values({ siteId: payment.siteId, planId: payment.planId, status: 'active', ...period })
    .onConflictDoUpdate({
      target: siteSubscriptions.siteId,
      set: { planId: payment.planId, status: 'active', cancelAtPeriodEnd: false, updatedAt: at, ...period },
    });
  // A site's first paid plan also puts it online: the wizard ends on a published site (its owner may unpublish).
  const [earlier] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.siteId, payment.siteId), eq(payments.status, 'paid'), ne(payments.id, payment.id)))
    .limit(1);
  await tx
    .update(sites)
    .set({
      serviceId: payment.planId,
      updatedAt: at,
      ...(earlier ? {} : { published: true }),
      ...NEXT_RENDER,
    })
    .where(eq(sites.id, payment.siteId));
  await keepCard(tx, payment);
  return true;
}

/** The card just paid with replaces the one kept before: renewals charge it. */
async function keepCard(tx: Db, payment: PaymentRow) {
  if (!payment.card) return;
  await tx.delete(paymentCards).where(eq(paymentCards.siteId, payment.siteId));
  await tx.insert(paymentCards).values({ siteId: payment.siteId, ...payment.card });
}

/**
 * A paid renewal's effects: the next period from the old period's end (not from now), the plan it was charged for
 * (a waiting downgrade) in force, the retries reset. Only on the subscription as the charge found it (its period and
 * attempt, from the payment's purpose): applied once, whoever settles it. Answers whether it applied.
 */
export async function applyRenewal(tx: Db, payment: PaymentRow, at: Date): Promise<boolean> {
  const key = renewalKeyOf(payment.purpose);
  if (!key) return false;
  const asFound = and(
    eq(siteSubscriptions.siteId, payment.siteId),
    eq(siteSubscriptions.periodEnd, key.periodEnd),
    eq(siteSubscriptions.renewAttempts, key.attempt),
    inArray(siteSubscriptions.status, ['active', 'past_due']),
  );
  const [sub] = await tx
    .select({ periodStart: siteSubscriptions.periodStart })
    .from(siteSubscriptions)
    .where(asFound);
  if (!sub) return false;
  // The period's day of the month stays the first period's (31 Jan → 28 Feb → 31 Mar).
  const end = nextPeriodEnd(sub.periodStart, key.periodEnd);
  const [row] = await tx
    .update(siteSubscriptions)
    .set({
      planId: payment.planId,
      nextPlanId: null,
      status: 'active',
      periodStart: key.periodEnd,
      periodEnd: end,
      renewAttempts: 0,
      nextAttemptAt: end,
      updatedAt: at,
    })
    .where(asFound)
    .returning({ id: siteSubscriptions.id });
  if (!row) return false;
  await tx
    .update(sites)
    .set({ serviceId: payment.planId, updatedAt: at, ...NEXT_RENDER })
    .where(eq(sites.id, payment.siteId));
  // A card change that paid it: the new card is the site's from now on.
  await keepCard(tx, payment);
  return true;
}
