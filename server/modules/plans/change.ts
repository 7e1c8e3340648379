/**
 * plan/change (docs/payments-and-plans.md, "Plans"): one change per calendar month of the site's time zone (19001).
 * - An upgrade (a higher price; the same price too) takes effect now. The price difference for the days left in the
 *   period is charged at once on the card on file (payByToken, kind `change`); declined, nothing changes (19006).
 *   The period's end stays.
 * - A downgrade takes effect at the period's end: `next_plan_id` waits for the renewal, which charges and applies it.
 *   Choosing the current plan again takes a waiting downgrade back (always allowed; the month's change stays used).
 * Without `force` nothing is saved and the answer previews: when, how much now, and the limits the site is over.
 * Over a limit nothing is deleted at the switch (docs/payments-and-plans.md).
 * A discount code (discounts.ts) takes its discount off an upgrade's charge, and an `every` one is then kept for the
 * renewals; on a change charging nothing it is only checked (its refusal shown), never used.
 */
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { SubscriptionReply } from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { offeredPlan, type PlanRow, planRow } from '../tenancy/catalogue';
import { NEXT_RENDER } from '../tenancy/invalidate';
import { sites, users } from '../tenancy/schema';
import { type DiscountUse, fullPrice, type Priced, priceWith } from './discounts';
import { paymentPaid } from './invoicing';
import {
  gatewayThrew,
  insertPayment,
  markFailed,
  openPaymentSlot,
  type PaymentRow,
  refundLate,
} from './payments';
import { paymentCards, payments, siteSubscriptions } from './schema';
import { activeSubscription, month, type SubscriptionRow, toSubscription } from './service';
import { overLimits } from './usage';

const DAY_MS = 86_400_000;

/**
 * What an upgrade costs now: the price difference times the days left over the period's days, rounded to the
 * nearest whole TWD (half up). A day begun counts as left; a period without dates counts whole.
 */
export function prorate(
  priceNow: number,
  priceNew: number,
  start: Date | null,
  end: Date | null,
  now: number,
) {
  if (priceNew <= priceNow) return 0;
  if (!start || !end) return priceNew - priceNow;
  const periodDays = Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));
  const daysLeft = Math.min(periodDays, Math.max(0, Math.ceil((end.getTime() - now) / DAY_MS)));
  return Math.round(((priceNew - priceNow) * daysLeft) / periodDays);
}

/** The subscription as read, unchanged since: a concurrent change (or renewal) makes the write find nothing. */
const unchanged = (sub: SubscriptionRow) =>
  and(
    eq(siteSubscriptions.id, sub.id),
    eq(siteSubscriptions.status, 'active'),
    eq(siteSubscriptions.planId, sub.planId),
    sub.changedAt ? eq(siteSubscriptions.changedAt, sub.changedAt) : isNull(siteSubscriptions.changedAt),
    sub.nextPlanId === null
      ? isNull(siteSubscriptions.nextPlanId)
      : eq(siteSubscriptions.nextPlanId, sub.nextPlanId),
  );

async function write(db: Db, sub: SubscriptionRow, set: Partial<SubscriptionRow>) {
  const [row] = await db.update(siteSubscriptions).set(set).where(unchanged(sub)).returning();
  if (!row) throw new AppError(Code.PLAN_ALREADY_CHANGED);
  return row;
}

export async function changePlan(
  deps: Deps,
  userId: number,
  siteId: number,
  input: { id: number; force: boolean; discount_code?: string },
): Promise<SubscriptionReply> {
  const { site, sub } = await activeSubscription(deps, userId, siteId);
  const plan = await offeredPlan(deps.db, input.id, 'id');
  const at = new Date(deps.now());
  // A change is never the site's first payment.
  const use: DiscountUse = { planId: plan.id, first: false, at };
  const priced = async (charge: number) =>
    priceWith(deps.db, charge, input.discount_code, use, `user:${userId}`);
  if (plan.id === sub.planId) {
    // Taking back a waiting downgrade (or nothing to do).
    const extra = { effective: 'now' as const, charge: 0, over_limits: [] };
    if (!input.force || sub.nextPlanId === null)
      return toSubscription(deps, { ...sub, nextPlanId: null }, false, extra);
    const row = await write(deps.db, sub, { nextPlanId: null, updatedAt: at });
    return toSubscription(deps, row, true, extra);
  }
  if (sub.changedAt && month(sub.changedAt, site.timezone) === month(at, site.timezone))
    throw new AppError(Code.PLAN_ALREADY_CHANGED);
  const current = await planRow(deps.db, sub.planId);
  const over_limits = await overLimits(deps, siteId, plan);
  if (current && plan.price < current.price) {
    // Nothing is charged now: the code is only checked.
    await priced(0);
    const extra = { effective: 'period_end' as const, charge: 0, discount: 0, over_limits };
    if (!input.force) return toSubscription(deps, { ...sub, nextPlanId: plan.id }, false, extra);
    const row = await write(deps.db, sub, { nextPlanId: plan.id, changedAt: at, updatedAt: at });
    return toSubscription(deps, row, true, extra);
  }
  const full = prorate(current?.price ?? 0, plan.price, sub.periodStart, sub.periodEnd, at.getTime());
  // Checked even when nothing is charged now (its refusal is shown), but taken only with a charge.
  const checked = await priced(full);
  const price: Priced = full > 0 ? checked : fullPrice(0);
  const charge = price.amount;
  const extra = { effective: 'now' as const, charge, discount: price.discount, over_limits };
  if (!input.force) return toSubscription(deps, { ...sub, planId: plan.id, nextPlanId: null }, false, extra);
  const change = {
    planId: plan.id,
    nextPlanId: null,
    changedAt: at,
    updatedAt: at,
    // The code that discounted this charge is the subscription's from now (an `every` one discounts renewals).
    ...(price.discountCodeId !== null && { discountCodeId: price.discountCodeId }),
  };
  if (charge === 0) {
    const row = await deps.db.transaction(async (tx) => {
      const changed = await write(tx, sub, change);
      await tx
        .update(sites)
        .set({ serviceId: plan.id, updatedAt: at, ...NEXT_RENDER })
        .where(eq(sites.id, siteId));
      return changed;
    });
    return toSubscription(deps, row, true, extra);
  }
  const row = await chargeUpgrade(deps, { siteId, ownerId: site.ownerId, sub, plan, price, use, change });
  return toSubscription(deps, row, true, extra);
}

interface Upgrade {
  siteId: number;
  ownerId: number | null;
  sub: SubscriptionRow;
  plan: PlanRow;
  /** The charge now, less its discount (discounts.ts). */
  price: Priced;
  use: DiscountUse;
  change: Partial<SubscriptionRow>;
}

/** Charges the upgrade on the card on file, then applies it with the payment in one transaction. */
async function chargeUpgrade(deps: Deps, u: Upgrade): Promise<SubscriptionRow> {
  const { db } = deps;
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.siteId, u.siteId))
    .orderBy(desc(paymentCards.id))
    .limit(1);
  if (!card) throw new AppError(Code.CHARGE_DECLINED);
  await openPaymentSlot(deps, u.siteId);
  // The invoice goes as the buyer last chose it.
  const [last] = await db
    .select({ invoice: payments.invoice })
    .from(payments)
    .where(and(eq(payments.siteId, u.siteId), isNotNull(payments.invoice)))
    .orderBy(desc(payments.id))
    .limit(1);
  const [owner] = u.ownerId ? await db.select().from(users).where(eq(users.id, u.ownerId)) : [];
  const { amount, discount, discountCodeId } = u.price;
  const payment = await insertPayment(
    deps,
    {
      siteId: u.siteId,
      kind: 'change',
      planId: u.plan.id,
      amount,
      discount,
      discountCodeId,
      invoice: last?.invoice ?? null,
    },
    u.use,
  );
  let result: Awaited<ReturnType<Deps['payment']['payByToken']>>;
  try {
    result = await deps.payment.payByToken({
      amount: payment.amount,
      orderNumber: payment.orderNumber,
      details: `${u.plan.nameEn} plan (upgrade)`,
      cardholder: { name: owner?.nickname || owner?.email || 'owner', email: owner?.email ?? '', phone: '' },
      cardKey: card.cardKey,
      cardToken: card.cardToken,
    });
  } catch (err) {
    await gatewayThrew(deps, payment, err);
    throw new AppError(Code.CHARGE_DECLINED);
  }
  if (result.status === 'declined') {
    await markFailed(db, payment.id, result.tradeId ?? null, 'declined', result.message);
    throw new AppError(Code.CHARGE_DECLINED);
  }
  const tradeId = result.tradeId;
  if (result.status === 'pending') {
    // A card token asks for no 3-D Secure; should a gateway wait anyway, the record query settles it later.
    await db.update(payments).set({ recTradeId: tradeId }).where(eq(payments.id, payment.id));
    throw new AppError(Code.PAYMENT_UNCONFIRMED);
  }
  const at = u.change.changedAt as Date;
  const applied = await db
    .transaction(async (tx) => {
      const row = await write(tx, u.sub, u.change);
      await tx
        .update(sites)
        .set({ serviceId: u.plan.id, updatedAt: at, ...NEXT_RENDER })
        .where(eq(sites.id, u.siteId));
      const [paid] = await tx
        .update(payments)
        .set({ status: 'paid', paidAt: at, recTradeId: tradeId })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
        .returning();
      return { row, paid };
    })
    .catch(async (err) => {
      // The subscription changed meanwhile: nothing applied, the charge is given back.
      const [expired] = await db
        .update(payments)
        .set({ status: 'expired', recTradeId: tradeId })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
        .returning();
      if (expired) await refundLate(deps, expired, tradeId);
      throw err;
    });
  if (applied.paid) await paymentPaid(deps, applied.paid as PaymentRow);
  return applied.row;
}
