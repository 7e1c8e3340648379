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
 *
 * All of that is the payment ledger's (server/modules/payments/ledger.ts); this file says what a reader payment is.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { ReaderPaymentReply } from '../../../contract/subscription';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { publicPath } from '../../shared/paths';
import {
  chargeByPrime,
  insertPending,
  type Ledger,
  ledgerRowByOrder,
  lookUp,
  openSlot,
  refundLate,
  settleLedger,
} from '../payments/ledger';
import { NOTIFY_PATH, periodEnd } from '../plans/payments';
import { renewalKeyOf } from '../plans/renewalKey';
import { readerPayments, readerPlans, readerSubscriptions } from '../readers/schema';
import { siteUrl } from '../tenancy/sites';
import type { ReaderPlanRow } from './offer';
import { readerPaymentEvents } from './schema';

export type ReaderPaymentRow = typeof readerPayments.$inferSelect;
type SiteOfPayment = { id: number; slug: string; domain: string; displayLanguages: number[] };

/** Subscription statuses in which a reader already pays (a new first payment is refused). */
const PAYING = ['active', 'past_due'] as const;

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

/**
 * Reader payments on the payment ledger (server/modules/payments/ledger.ts): renewals (with a purpose) are settled by
 * the renewal job only; an accepted charge keeps its card for renewals; a paid first payment starts the plan. A card
 * change (kind `card`, readerCard.ts) is settled as a first payment is: paid, its card becomes the subscription's —
 * with the overdue renewal applied when it held the renewal's purpose, or its verification given back once.
 */
export const readerLedger: Ledger<ReaderPaymentRow> = {
  label: 'reader payment',
  table: readerPayments,
  events: readerPaymentEvents,
  onPaid: async (tx, row, at) => {
    if (row.kind !== 'card') {
      await applyFirstPaid(tx, row, at);
      return true;
    }
    // A recovery that no longer applies (the subscription moved on) is not counted, and refunded.
    if (renewalKeyOf(row.purpose)) return applyReaderRenewal(tx, row, at);
    return keepReaderCard(tx, row);
  },
  skip: (row) => Boolean(row.purpose) && row.kind !== 'card',
  charged: (result) => ({ card: result.card ?? null }),
  released: {
    purpose: sql`CASE WHEN ${readerPayments.kind} = 'card' AND ${readerPayments.purpose} LIKE 'renewal:%'
      THEN 'card:' || ${readerPayments.orderNumber} ELSE ${readerPayments.purpose} END`,
  },
  afterPaid: (deps, row) => refundReaderVerification(deps, row),
};

/** Whether a paid reader payment is a card change's verification (refunded), not a charge for a plan. */
export const isReaderVerification = (p: Pick<ReaderPaymentRow, 'kind' | 'purpose'>) =>
  p.kind === 'card' && !p.purpose?.startsWith('renewal:');

/** A card change's new card replaces the subscription's (renewals charge it). */
async function keepReaderCard(tx: Db, payment: ReaderPaymentRow): Promise<boolean> {
  if (!payment.card) return true;
  await tx
    .update(readerSubscriptions)
    .set({ card: payment.card })
    .where(eq(readerSubscriptions.readerId, payment.readerId));
  return true;
}

/**
 * A paid verification given back once: `refunded_at` set before the refund call, cleared when it fails (the next
 * settle of the payment tries again). Any other payment is answered as is.
 */
async function refundReaderVerification(
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'payment'>,
  payment: ReaderPaymentRow,
): Promise<ReaderPaymentRow> {
  if (!isReaderVerification(payment) || payment.refundedAt || !payment.recTradeId) return payment;
  const [claimed] = await deps.db
    .update(readerPayments)
    .set({ refundedAt: new Date(deps.now()) })
    .where(
      and(
        eq(readerPayments.id, payment.id),
        eq(readerPayments.status, 'paid'),
        isNull(readerPayments.refundedAt),
      ),
    )
    .returning();
  if (!claimed) return (await readerPaymentByOrder(deps.db, payment.orderNumber)) as ReaderPaymentRow;
  try {
    await deps.payment.refund(payment.recTradeId);
    return claimed;
  } catch (err) {
    deps.log.error(
      { err, order: payment.orderNumber },
      'reader card verification not refunded; tried again later',
    );
    const [back] = await deps.db
      .update(readerPayments)
      .set({ refundedAt: null })
      .where(eq(readerPayments.id, payment.id))
      .returning();
    return back ?? claimed;
  }
}

/** A reader's open payments made in a window (renewals, and card changes holding one's purpose, have a purpose). */
export const openReaderPayments = (db: Db, readerId: number) =>
  db
    .select()
    .from(readerPayments)
    .where(
      and(
        eq(readerPayments.readerId, readerId),
        eq(readerPayments.status, 'pending'),
        isNull(readerPayments.purpose),
      ),
    );

export const readerPaymentByOrder = (db: Db, orderNumber: string) =>
  ledgerRowByOrder(db, readerLedger, orderNumber);

export async function subscriptionOfReader(db: Db, readerId: number) {
  const [row] = await db.select().from(readerSubscriptions).where(eq(readerSubscriptions.readerId, readerId));
  return row;
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
  // One open first payment per reader: an open one is settled, refuses a new attempt while young, else expires.
  await openSlot(deps, readerLedger, await openReaderPayments(deps.db, req.reader.id));
  const payment = await insertPending(deps.db, readerLedger, {
    siteId: req.site.id,
    readerId: req.reader.id,
    planId: req.plan.id,
    orderNumber: newReaderOrderNumber(req.site.id, deps.now()),
    kind: 'first',
    amount: req.plan.price,
    createdAt: new Date(deps.now()),
  });
  // The window comes back to the site's own /subscribe page, in the plan's language.
  const returnUrl = siteUrl(req.site, deps.config) + publicPath(req.site, 'subscribe', '', req.plan.langId);
  const { row, redirectUrl } = await chargeByPrime(deps, readerLedger, payment, {
    details: `Reader plan ${req.plan.name}`.slice(0, 100),
    cardholder: { name: req.cardholder.name, email: req.reader.email, phone: req.cardholder.phone ?? '' },
    prime: req.prime,
    remember: true,
    threeDomainSecure: { returnUrl, notifyUrl: `${deps.config.publicUrl}${NOTIFY_PATH}` },
  });
  return toReaderReply(row, redirectUrl);
}

/** The gateway's record of a payment: by its trade id, or by our order number when the charge's call threw. */
export const lookUpReader = (deps: Pick<Deps, 'db' | 'payment'>, payment: ReaderPaymentRow) =>
  lookUp(deps, readerLedger, payment);

/** Asks the gateway how a reader payment went and records it exactly once; answers it as it now stands. */
export const settleReaderPayment = (deps: Deps, orderNumber: string) =>
  settleLedger(deps, readerLedger, orderNumber);

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
      // A card change that paid it: the new card is the one renewals charge from now on.
      ...(payment.card && { card: payment.card }),
    })
    .where(asFound)
    .returning({ id: readerSubscriptions.id });
  return Boolean(row);
}

/** Money the gateway took for a payment we no longer count: given back once (moved to refunded first). */
export const refundLateReader = (
  deps: Pick<Deps, 'db' | 'payment' | 'log'>,
  payment: ReaderPaymentRow,
  tradeId: string,
) => refundLate(deps, readerLedger, payment, tradeId);
