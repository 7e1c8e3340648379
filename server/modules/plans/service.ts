/**
 * The site's own plan: a new site through the wizard (site/init), paying again (site/retry, plan/choose), the
 * payment window's check (site/payment), and the current site's subscription (plan/*). Plan calls are the site
 * owner's only; every site and payment id is checked against the caller.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ChooseInput,
  PAYMENTS_LISTED,
  type PaymentReply,
  type PaymentSummary,
  type RetryInput,
  SITES_AWAITING_PAYMENT_MAX,
  type SiteInitInput,
  type SubscriptionReply,
} from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import type { PlanQuote, PlanQuoteInput } from '../../../contract/discounts';
import { wallTime } from '../../../contract/zoned';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import { AppError, forbidden, notFound } from '../../http/errors';
import { checkSlug } from '../settings/service';
import { createSite } from '../sites/service';
import { offeredPlan } from '../tenancy/catalogue';
import { sites, users } from '../tenancy/schema';
import { siteById } from '../tenancy/sites';
import { type DiscountUse, hasPaid, infoOf, priceWith } from './discounts';
import { openPaymentSlot, paymentByOrder, settle, startPayment, toReply } from './payments';
import { paymentCards, paymentInvoices, payments, siteSubscriptions } from './schema';

type Payer = Pick<
  z.output<typeof SiteInitInput>,
  'name' | 'email' | 'phone' | 'address' | 'prime' | 'invoice' | 'discount_code'
>;
export type SubscriptionRow = typeof siteSubscriptions.$inferSelect;

const cardholderOf = (p: Payer) => ({ name: p.name, email: p.email, phone: p.phone ?? '' });

/** The site, when `userId` owns it; another's site is answered as missing. */
async function ownedSite(deps: Deps, userId: number, siteId: number) {
  const site = await siteById(deps.db, siteId);
  if (!site || site.ownerId !== userId) throw notFound();
  return site;
}

async function subscriptionOf(deps: Deps, siteId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await deps.db.select().from(siteSubscriptions).where(eq(siteSubscriptions.siteId, siteId));
  return row;
}

/**
 * At most SITES_AWAITING_PAYMENT_MAX sites of a user wait for their first payment (19007), so that one account
 * cannot hold many slugs unpaid. The user's row is locked for the count, so two site/init at once count each other.
 */
async function refuseTooManyWaiting(tx: Db, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [{ waiting }] = await tx
    .select({ waiting: count() })
    .from(sites)
    .innerJoin(siteSubscriptions, eq(siteSubscriptions.siteId, sites.id))
    .where(and(eq(sites.ownerId, userId), eq(siteSubscriptions.status, 'pending')));
  if (waiting >= SITES_AWAITING_PAYMENT_MAX) throw new AppError(Code.SITES_AWAITING_PAYMENT);
}

/** site/init: the site (owner, roles, menus, as every new site) waiting for its first payment, then the charge. */
export async function initSite(
  deps: Deps,
  userId: number,
  input: z.output<typeof SiteInitInput>,
): Promise<PaymentReply> {
  const plan = await offeredPlan(deps.db, input.plan, 'plan');
  await checkSlug(deps.db, 0, input.slug);
  // A code that does not apply is refused before the site is made.
  const use: DiscountUse = { planId: plan.id, first: true, at: new Date(deps.now()) };
  const priced = await priceWith(deps.db, plan.price, input.discount_code, use, `user:${userId}`);
  let siteId: number;
  try {
    siteId = await deps.db.transaction(async (tx) => {
      await refuseTooManyWaiting(tx, userId);
      const site = await createSite(tx, { name: input.site_name, ownerId: userId, slug: input.slug });
      await tx.insert(siteSubscriptions).values({ siteId: site.id, planId: plan.id, status: 'pending' });
      return site.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.SLUG_TAKEN);
    throw err;
  }
  return startPayment(deps, {
    siteId,
    plan,
    kind: 'init',
    prime: input.prime,
    invoice: input.invoice,
    address: input.address,
    cardholder: cardholderOf(input),
    priced: { ...priced, use },
  });
}

/**
 * A first payment again (site/retry, plan/choose): only while the site has no active plan. The site's open payment
 * is settled first (openPaymentSlot): paid, it ends here (19003); still waiting on 3-D Secure, this one supersedes it.
 */
async function payAgain(deps: Deps, siteId: number, planId: number | undefined, payer: Payer) {
  await openPaymentSlot(deps, siteId);
  const sub = await subscriptionOf(deps, siteId);
  if (sub?.status === 'active' || sub?.status === 'past_due') throw new AppError(Code.PLAN_ALREADY_PAID);
  const id = planId ?? sub?.planId;
  if (id === undefined) throw new AppError(Code.PLAN_NOT_ACTIVE);
  const plan = await offeredPlan(deps.db, id, 'plan');
  const use: DiscountUse = {
    planId: plan.id,
    first: !(await hasPaid(deps.db, siteId)),
    at: new Date(deps.now()),
  };
  const priced = await priceWith(deps.db, plan.price, payer.discount_code, use, `site:${siteId}`);
  await deps.db
    .insert(siteSubscriptions)
    .values({ siteId, planId: plan.id, status: 'pending' })
    .onConflictDoUpdate({
      target: siteSubscriptions.siteId,
      set: { planId: plan.id, status: 'pending' },
      // A payment settled meanwhile made it active: that stays.
      setWhere: sql`${siteSubscriptions.status} NOT IN ('active', 'past_due')`,
    });
  return startPayment(deps, {
    siteId,
    plan,
    kind: 'init',
    prime: payer.prime,
    invoice: payer.invoice,
    address: payer.address,
    cardholder: cardholderOf(payer),
    priced: { ...priced, use },
  });
}

/**
 * plan/quote: what plan `plan` costs with `code` at a first payment — of a new site, or of the caller's `site` paid
 * again (a site that has paid before is no first payment). Refused with the code's reason (19020–19025). What is
 * charged is decided again when paying; this only tells.
 */
export async function quote(
  deps: Deps,
  userId: number,
  input: z.output<typeof PlanQuoteInput>,
): Promise<PlanQuote> {
  const plan = await offeredPlan(deps.db, input.plan, 'plan');
  if (input.site !== undefined) await ownedSite(deps, userId, input.site);
  const first = input.site === undefined || !(await hasPaid(deps.db, input.site));
  const use = { planId: plan.id, first, at: new Date(deps.now()) };
  const { row, ...priced } = await priceWith(deps.db, plan.price, input.code, use, `user:${userId}`);
  return {
    plan: plan.id,
    price: plan.price,
    discount: priced.discount,
    amount: priced.amount,
    code: infoOf(row as NonNullable<typeof row>),
  };
}

export async function retry(deps: Deps, userId: number, input: z.output<typeof RetryInput>) {
  await ownedSite(deps, userId, input.site);
  return payAgain(deps, input.site, input.plan, input);
}

export async function choose(
  deps: Deps,
  userId: number,
  siteId: number,
  input: z.output<typeof ChooseInput>,
) {
  await ownCurrentSite(deps, userId, siteId);
  return payAgain(deps, siteId, input.plan, input);
}

/**
 * site/payment: how a payment of one of the user's sites went, from the gateway. A card change (plan/card) is also
 * its payer's to ask when not the owner: staff of that site holding `subscription.payment` (`mayPay`, asked only then).
 */
export async function paymentStatus(
  deps: Deps,
  userId: number,
  orderNumber: string,
  mayPay: (siteId: number) => Promise<boolean> = async () => false,
): Promise<PaymentReply> {
  const payment = await paymentByOrder(deps.db, orderNumber);
  if (!payment) throw notFound();
  if (!(payment.kind === 'card' && (await mayPay(payment.siteId))))
    await ownedSite(deps, userId, payment.siteId);
  return toReply(await settle(deps, orderNumber));
}

/** The reply's site-wide parts: the card on file and the last payments, newest first. */
async function accountOf(deps: Deps, siteId: number) {
  const [card] = await deps.db
    .select({ lastFour: paymentCards.lastFour, expiry: paymentCards.expiry })
    .from(paymentCards)
    .where(eq(paymentCards.siteId, siteId))
    .orderBy(desc(paymentCards.id))
    .limit(1);
  const rows = await deps.db
    .select({ p: payments, invoiceNumber: paymentInvoices.number })
    .from(payments)
    .leftJoin(paymentInvoices, eq(paymentInvoices.paymentId, payments.id))
    .where(eq(payments.siteId, siteId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PAYMENTS_LISTED);
  return {
    card: card ? { last_four: card.lastFour, expiry: card.expiry } : null,
    payments: rows.map(
      ({ p, invoiceNumber }): PaymentSummary => ({
        order_number: p.orderNumber,
        kind: p.kind,
        plan: p.planId,
        amount: p.amount,
        // A card change's NT$1 verification, given back, is listed as refunded.
        status: p.refundedAt ? 'refunded' : p.status,
        created_at: p.createdAt.toISOString(),
        paid_at: p.paidAt?.toISOString() ?? null,
        invoice_number: invoiceNumber ?? null,
      }),
    ),
  };
}

export async function toSubscription(
  deps: Deps,
  s: SubscriptionRow,
  applied: boolean,
  extra: Pick<SubscriptionReply, 'effective' | 'charge' | 'over_limits'> = {},
): Promise<SubscriptionReply> {
  return {
    plan: s.planId,
    status: s.status,
    period_start: s.periodStart?.toISOString() ?? null,
    period_end: s.periodEnd?.toISOString() ?? null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    next_plan: s.nextPlanId ?? null,
    renew_attempts: s.renewAttempts,
    next_attempt_at: s.nextAttemptAt?.toISOString() ?? null,
    ...(await accountOf(deps, s.siteId)),
    ...extra,
    applied,
  };
}

/** The current site, when the caller owns it: staff who are not its owner are refused (403). */
async function ownCurrentSite(deps: Deps, userId: number, siteId: number) {
  const site = await siteById(deps.db, siteId);
  if (!site) throw notFound();
  if (site.ownerId !== userId) throw forbidden();
  return site;
}

/** The current site's active subscription, when the caller owns the site. */
export async function activeSubscription(deps: Deps, userId: number, siteId: number) {
  const site = await ownCurrentSite(deps, userId, siteId);
  const sub = await subscriptionOf(deps, siteId);
  if (sub?.status !== 'active') throw new AppError(Code.PLAN_NOT_ACTIVE);
  return { site, sub };
}

export async function currentSubscription(deps: Deps, userId: number, siteId: number) {
  await ownCurrentSite(deps, userId, siteId);
  const sub = await subscriptionOf(deps, siteId);
  if (!sub) throw new AppError(Code.PLAN_NOT_ACTIVE);
  return toSubscription(deps, sub, false);
}

export const month = (at: Date | number, timeZone: string) => wallTime(at, timeZone).date.slice(0, 7);

/** plan/unsubscribe (true) and plan/subscribe (false): whether the plan ends with its period. */
export async function setCancelAtPeriodEnd(
  deps: Deps,
  userId: number,
  siteId: number,
  cancel: boolean,
  force: boolean,
) {
  const { sub } = await activeSubscription(deps, userId, siteId);
  if (!force) return toSubscription(deps, { ...sub, cancelAtPeriodEnd: cancel }, false);
  const [row] = await deps.db
    .update(siteSubscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date(deps.now()) })
    .where(eq(siteSubscriptions.id, sub.id))
    .returning();
  return toSubscription(deps, row, true);
}
