/**
 * Renewing one site's plan when its period ends (the job that finds due subscriptions: server/jobs/renewal.ts).
 *
 * One charge per site, period and attempt: its payment row is inserted first with the purpose
 * `renewal:<period end>:<attempt>` (unique per site), so a second instance's insert finds it taken and charges
 * nothing. The card kept by the first payment is charged by token; a charge whose outcome is not known (the gateway
 * call threw, or answered pending) stays pending and is settled on a later pass by asking the gateway — by our order
 * number when the call threw before answering — never charged again. No record of it a lease after the charge
 * means it never reached the gateway: the attempt failed, and is retried on the schedule below. Every outcome's
 * effect is one conditional UPDATE on the subscription as the charge found it (its period end and attempt), so it
 * applies once whoever records it; the owner's mail follows the one that applied.
 *
 * A failed charge leaves the site past_due (features stay) and retries RETRY_AFTER_DAYS after the period's end; when
 * the last retry fails the plan lapses: status lapsed, no service on the site (its features close, its data stays),
 * until the owner pays again with plan/choose.
 */

import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { RETRY_AFTER_DAYS } from '../../../contract/billing';
import { type Locale, localeOr } from '../../../contract/constants';
import { CARD_CHANGE_PATH } from '../../../contract/plans';
import { wallTime } from '../../../contract/zoned';
import { PaymentGatewayError } from '../../adapters/payment/gateway';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { t } from '../../i18n';
import { NEXT_RENDER } from '../tenancy/invalidate';
import { plans, sites } from '../tenancy/schema';
import { renewalPrice } from './discounts';
import { paymentPaid } from './invoicing';
import { ownerOf } from './owner';
import {
  applyRenewal,
  expireStale,
  lookUp,
  neverReached,
  newOrderNumber,
  outcomeOf,
  refundLate,
  settleRow,
} from './payments';
import { type RenewalKey, renewalKeyOf, renewalPurpose } from './renewalKey';
import { paymentCards, payments, siteSubscriptions } from './schema';

/**
 * How long the renewal job's claim of a subscription lasts (server/jobs/renewal.ts): longer than a batch of gateway
 * calls may take (TapPay: up to 30 s each), so a live pass keeps its claims. A charge whose call threw, of which the
 * gateway has no record this long after, never reached it.
 */
export const RENEWAL_LEASE_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
/** Statuses the job renews: a paid period, or one in its grace after a failed charge. */
export const RENEWING = ['active', 'past_due'] as const;

export type RenewalDeps = Pick<Deps, 'db' | 'now' | 'log' | 'payment' | 'outbox' | 'config' | 'invoice'>;
type SubscriptionRow = typeof siteSubscriptions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * What a pass did with one subscription: renewed, past_due (a charge failed, retries follow), lapsed, cancelled (at
 * its period end, as asked), pending (the gateway has not decided), unknown (the charge's call threw and the gateway
 * has no record of it yet: asked again by order number on a later pass), refused (the gateway refused the request
 * itself, e.g. wrong keys: nothing was charged, tried again later), or skipped (another instance has it, or it
 * changed meanwhile).
 */
export type RenewalOutcome =
  | 'renewed'
  | 'refused'
  | 'past_due'
  | 'lapsed'
  | 'cancelled'
  | 'pending'
  | 'unknown'
  | 'skipped';

const onSubscriptionAsFound = (siteId: number, key: RenewalKey) =>
  and(
    eq(siteSubscriptions.siteId, siteId),
    eq(siteSubscriptions.periodEnd, key.periodEnd),
    eq(siteSubscriptions.renewAttempts, key.attempt),
    inArray(siteSubscriptions.status, [...RENEWING]),
  );

/** Renews a subscription the job has claimed (due now). */
export async function renewSubscription(deps: RenewalDeps, sub: SubscriptionRow): Promise<RenewalOutcome> {
  if (!sub.periodEnd) return 'skipped';
  const key: RenewalKey = { periodEnd: sub.periodEnd, attempt: sub.renewAttempts };
  if (sub.cancelAtPeriodEnd) return cancelAtEnd(deps, sub.siteId, key);
  const purpose = renewalPurpose(key);
  const [existing] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.siteId, sub.siteId), eq(payments.purpose, purpose)));
  // This attempt was made before (a pass that stopped midway, or a pending answer): find out, never charge again.
  // A card change paying it (card.ts) is settled as the window payment it is.
  if (existing) return existing.kind === 'card' ? cardChange(deps, existing) : resume(deps, existing);
  const payment = await newRenewalPayment(deps, sub, purpose);
  if (!payment) return 'skipped';
  return charge(deps, payment);
}

/** The payment of this attempt, or none when another instance inserted it first (that one charges). */
async function newRenewalPayment(deps: RenewalDeps, sub: SubscriptionRow, purpose: string) {
  const planId = sub.nextPlanId ?? sub.planId;
  // A withdrawn plan still renews for those who have it; the price is the plan's now.
  const [plan] = await deps.db.select({ price: plans.price }).from(plans).where(eq(plans.id, planId));
  // The subscription's `every` code, while still valid for the plan, discounts each renewal.
  const priced = await renewalPrice(deps.db, sub.discountCodeId, planId, plan.price, new Date(deps.now()));
  // The invoice goes as the owner last asked for it.
  const [last] = await deps.db
    .select({ invoice: payments.invoice })
    .from(payments)
    .where(and(eq(payments.siteId, sub.siteId), isNotNull(payments.invoice)))
    .orderBy(desc(payments.id))
    .limit(1);
  const [row] = await deps.db
    .insert(payments)
    .values({
      siteId: sub.siteId,
      orderNumber: newOrderNumber(sub.siteId, deps.now()),
      // On the job's clock: how long the gateway has had to record the charge (neverReached).
      createdAt: new Date(deps.now()),
      kind: 'renewal',
      planId,
      ...priced,
      invoice: last?.invoice ?? null,
      purpose,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

const cardOf = async (db: Db, siteId: number) =>
  (
    await db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.siteId, siteId))
      .orderBy(desc(paymentCards.id))
      .limit(1)
  )[0];

/** Charges the site's kept card for a new renewal payment (outside any transaction: the gateway may take 30 s). */
async function charge(deps: RenewalDeps, payment: PaymentRow): Promise<RenewalOutcome> {
  // A plan an operator made free renews without a charge.
  if (payment.amount < 1) return finish(deps, payment, 'paid');
  const card = await cardOf(deps.db, payment.siteId);
  if (!card) return finish(deps, payment, 'failed');
  const owner = await ownerOf(deps.db, payment.siteId);
  const [plan] = await deps.db
    .select({ nameEn: plans.nameEn })
    .from(plans)
    .where(eq(plans.id, payment.planId));
  let result: Awaited<ReturnType<RenewalDeps['payment']['payByToken']>>;
  try {
    result = await deps.payment.payByToken({
      amount: payment.amount,
      orderNumber: payment.orderNumber,
      details: `${plan.nameEn} plan renewal`.slice(0, 100),
      cardholder: { name: owner?.nickname || owner?.site || '', email: owner?.email ?? '', phone: '' },
      cardKey: card.cardKey,
      cardToken: card.cardToken,
    });
  } catch (err) {
    deps.log.error({ err, order: payment.orderNumber }, 'renewal charge: gateway call failed');
    if (err instanceof PaymentGatewayError && err.kind === 'refused') {
      // Our request or keys were refused before any charge: the attempt is made again after the lease.
      await deps.db.delete(payments).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
      return 'refused';
    }
    // Nothing is known: the payment stays pending, and this attempt is not charged again.
    return 'unknown';
  }
  const recTradeId = result.tradeId ?? null;
  if (recTradeId) await deps.db.update(payments).set({ recTradeId }).where(eq(payments.id, payment.id));
  if (result.status === 'declined') return finish(deps, { ...payment, recTradeId }, 'failed');
  // Paid or pending: what counts is the gateway's record, as for every payment.
  return resume(deps, { ...payment, recTradeId });
}

/**
 * A card change holding this attempt's purpose: paid, it renewed the site; failed or expired (once its window is
 * over), it gave the purpose back and the attempt is charged to the kept card after the lease.
 */
async function cardChange(deps: RenewalDeps, payment: PaymentRow): Promise<RenewalOutcome> {
  const now = await expireStale(deps, await settleRow(deps, payment, 'keep'));
  if (now.status === 'pending') return 'pending';
  return now.status === 'paid' ? 'renewed' : 'skipped';
}

/** An attempt already made: a pending one is asked of the gateway; a settled one's effects are applied (once). */
async function resume(deps: RenewalDeps, payment: PaymentRow): Promise<RenewalOutcome> {
  // Expired or refunded (payments.ts) count as failed: nothing was kept.
  if (payment.status !== 'pending')
    return finish(deps, payment, payment.status === 'paid' ? 'paid' : 'failed');
  // By trade id, or by order number when the charge's call threw before answering.
  const { payment: asOf, asked } = await lookUp(deps, payment);
  if (neverReached(asOf, asked, RENEWAL_LEASE_MS, deps.now())) {
    deps.log.warn(
      { order: payment.orderNumber, site: payment.siteId },
      'renewal charge never reached the gateway (no record of the order): the attempt failed',
    );
    return finish(deps, asOf, 'failed');
  }
  if (!asOf.recTradeId) return 'unknown';
  const outcome = outcomeOf(asked, asOf);
  if (outcome === 'pending') return 'pending';
  return finish(deps, asOf, outcome);
}

/** Records the outcome (the payment flips out of pending once) and applies its effect on the subscription. */
async function finish(
  deps: RenewalDeps,
  payment: PaymentRow,
  outcome: 'paid' | 'failed',
): Promise<RenewalOutcome> {
  const at = new Date(deps.now());
  const done = await deps.db.transaction(async (tx) => {
    const [flipped] = await tx
      .update(payments)
      .set({ status: outcome, ...(outcome === 'paid' && { paidAt: at }) })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    const [current] = flipped
      ? [flipped]
      : await tx.select().from(payments).where(eq(payments.id, payment.id));
    if (current.status === 'paid') {
      const renewed = await applyRenewal(tx, current, at);
      // Only the caller that flipped it to paid issues its invoice.
      return { outcome: renewed ? 'renewed' : 'skipped', paid: flipped } as const;
    }
    // Paid at the gateway after the attempt was counted failed (no record of it within the lease): given back.
    if (outcome === 'paid' && current.status === 'failed' && current.recTradeId)
      return { outcome: 'skipped', refund: { ...current, recTradeId: current.recTradeId } } as const;
    if (current.status === 'failed') return applyFailure(tx, current, at);
    return { outcome: 'pending' } as const;
  });
  if ('paid' in done && done.paid) await paymentPaid(deps, done.paid);
  if ('refund' in done && done.refund) await refundLate(deps, done.refund, done.refund.recTradeId);
  if (done.outcome === 'past_due' || done.outcome === 'lapsed') {
    // After the commit: the outbox is another statement (on PGlite the one connection is the transaction's).
    await mailOwner(deps, payment, done.outcome, done.nextAttemptAt).catch((err) =>
      deps.log.error({ err, site: payment.siteId }, 'renewal mail not queued'),
    );
  }
  return done.outcome;
}

/** A failed attempt: past_due until the next retry, or, after the last one, the plan lapses. */
async function applyFailure(tx: Db, payment: PaymentRow, at: Date) {
  const key = keyOf(payment);
  const retryDays = RETRY_AFTER_DAYS[key.attempt];
  const lapse = retryDays === undefined;
  const nextAttemptAt = lapse ? null : new Date(key.periodEnd.getTime() + retryDays * DAY_MS);
  const [row] = await tx
    .update(siteSubscriptions)
    .set({
      status: lapse ? 'lapsed' : 'past_due',
      renewAttempts: key.attempt + 1,
      nextAttemptAt,
      ...(lapse && { nextPlanId: null }),
      updatedAt: at,
    })
    .where(onSubscriptionAsFound(payment.siteId, key))
    .returning({ id: siteSubscriptions.id });
  if (!row) return { outcome: 'skipped' } as const;
  // The site keeps its data; what it may do comes from its plan, and it has none now.
  if (lapse)
    await tx
      .update(sites)
      .set({ serviceId: null, updatedAt: at, ...NEXT_RENDER })
      .where(eq(sites.id, payment.siteId));
  return { outcome: lapse ? 'lapsed' : 'past_due', nextAttemptAt } as const;
}

/** Unsubscribed (plan/unsubscribe): at the period's end nothing is charged and the plan ends. */
async function cancelAtEnd(deps: RenewalDeps, siteId: number, key: RenewalKey): Promise<RenewalOutcome> {
  const at = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(siteSubscriptions)
      .set({ status: 'cancelled', nextAttemptAt: null, nextPlanId: null, updatedAt: at })
      .where(and(onSubscriptionAsFound(siteId, key), eq(siteSubscriptions.cancelAtPeriodEnd, true)))
      .returning({ id: siteSubscriptions.id });
    if (!row) return 'skipped';
    await tx
      .update(sites)
      .set({ serviceId: null, updatedAt: at, ...NEXT_RENDER })
      .where(eq(sites.id, siteId));
    return 'cancelled';
  });
}

function keyOf(payment: PaymentRow): RenewalKey {
  const key = renewalKeyOf(payment.purpose);
  if (!key) throw new Error(`renewal payment ${payment.orderNumber} has no renewal purpose`);
  return key;
}

/** The owner's mail of a failed charge (with the next try) or of the lapse, in the owner's language. */
async function mailOwner(
  deps: RenewalDeps,
  payment: PaymentRow,
  kind: 'past_due' | 'lapsed',
  nextAttemptAt: Date | null,
) {
  const owner = await ownerOf(deps.db, payment.siteId);
  if (!owner?.email) return;
  const lang: Locale = localeOr(owner.language, 'zh-TW');
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, payment.planId));
  const card = await cardOf(deps.db, payment.siteId);
  const key = keyOf(payment);
  const day = (d: Date) => {
    const w = wallTime(d, owner.timezone);
    return `${w.date} ${w.time}`;
  };
  const lastRetry = new Date(
    key.periodEnd.getTime() + RETRY_AFTER_DAYS[RETRY_AFTER_DAYS.length - 1] * DAY_MS,
  );
  const args = {
    site: owner.site,
    plan: lang === 'zh-TW' ? plan.nameTw : plan.nameEn,
    amount: payment.amount,
    card: card?.lastFour ?? t(lang, 'renewal.mail.noCard'),
    date: day(key.periodEnd),
    retry: nextAttemptAt ? day(nextAttemptAt) : '',
    until: day(lastRetry),
    attempts: key.attempt + 1,
    // A failed charge's mail opens the card change (CardOnFile in the SPA): a new card pays the overdue renewal.
    link: `${deps.config.publicUrl}${kind === 'lapsed' ? '/plan' : CARD_CHANGE_PATH}`,
  };
  const which = kind === 'lapsed' ? 'lapsed' : 'failed';
  await deps.outbox.enqueue({
    to: owner.email,
    subject: t(lang, `renewal.mail.${which}.subject`, args),
    text: t(lang, `renewal.mail.${which}.body`, args),
  });
}
