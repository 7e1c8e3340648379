/**
 * Changing the site's card on file (plan/card, permission `subscription.payment`): the new card pays once with
 * 3-D Secure and `remember`, through the window payments' own path (payments.ts startPayment and settle: the window's
 * message, the gateway's notification or a retry settle it, once), and once that payment is paid its card replaces
 * the site's (payment_cards). A failed or declined one changes nothing: the old card and the status stay.
 *
 * An active site's new card pays a verification of CARD_VERIFICATION_AMOUNT (NT$1): the gateway interface has no
 * zero-amount authorisation (TapPay charges from NT$1), so the verification is a real charge, given back once paid
 * (`refunded_at` set before the refund call, cleared when it fails and tried again at the payment's next settle) and
 * never invoiced. It is a window payment (no purpose), under the one-open-payment guard (payments_open_uq).
 *
 * A past_due site's new card pays the overdue renewal instead, at once: the amount and plan the renewal job would
 * charge next (the waiting downgrade's plan, at its price now), for the subscription's current period. It takes the
 * job's own guard against a double charge: its row holds the purpose of the job's next attempt,
 * `renewal:<period end>:<attempt>` (unique per site), so while it is open the job finds it, asks the gateway and
 * charges nothing, and a paid one renews the site as a paid renewal does (applyRenewal: the next period from the old
 * end, retries reset, and the new card kept). Failed, declined or expired, it gives the purpose back
 * (`card:<order number>`), so that the job's retry with the old card stays as scheduled.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CARD_VERIFICATION_AMOUNT, type CardInput, type PaymentReply } from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { plans } from '../tenancy/schema';
import { openPaymentSlot, settleRow, startPayment, supersede, toReply } from './payments';
import { renewalPurpose } from './renewalKey';
import { payments, siteSubscriptions } from './schema';

type Input = z.output<typeof CardInput>;
type SubscriptionRow = typeof siteSubscriptions.$inferSelect;

const cardholderOf = (p: Input) => ({ name: p.name, email: p.email, phone: p.phone ?? '' });

/** plan/card: the current site's new card, verified (active) or paying the overdue renewal (past_due). */
export async function changeCard(deps: Deps, siteId: number, input: Input): Promise<PaymentReply> {
  // The site's open window payment is settled first: left waiting on 3-D Secure, this one supersedes it.
  await openPaymentSlot(deps, siteId);
  const [sub] = await deps.db.select().from(siteSubscriptions).where(eq(siteSubscriptions.siteId, siteId));
  if (sub?.status === 'past_due' && sub.periodEnd) return recover(deps, sub, input);
  if (sub?.status !== 'active') throw new AppError(Code.PLAN_NOT_ACTIVE);
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, sub.planId));
  return startPayment(deps, {
    siteId,
    plan,
    kind: 'card',
    amount: CARD_VERIFICATION_AMOUNT,
    details: 'Card verification (refunded)',
    prime: input.prime,
    invoice: input.invoice,
    cardholder: cardholderOf(input),
  });
}

/** A past_due site's overdue renewal, charged to the new card under the renewal job's purpose. */
async function recover(deps: Deps, sub: SubscriptionRow, input: Input): Promise<PaymentReply> {
  const purpose = renewalPurpose({ periodEnd: sub.periodEnd as Date, attempt: sub.renewAttempts });
  const [held] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.siteId, sub.siteId), eq(payments.purpose, purpose)));
  if (held) {
    // The renewal job is charging this attempt itself: its outcome comes first.
    if (held.kind !== 'card') throw new AppError(Code.PAYMENT_IN_PROGRESS);
    // An earlier card change of this attempt: settled; left waiting on 3-D Secure, superseded by this one.
    const now = await settleRow(deps, held, 'throw');
    if (now.status === 'paid') return toReply(now);
    await supersede(deps, now);
  }
  // As the renewal job would charge it: the waiting downgrade's plan, at the plan's price now.
  const [plan] = await deps.db
    .select()
    .from(plans)
    .where(eq(plans.id, sub.nextPlanId ?? sub.planId));
  return startPayment(deps, {
    siteId: sub.siteId,
    plan,
    kind: 'card',
    purpose,
    details: `${plan.nameEn} plan renewal`.slice(0, 100),
    prime: input.prime,
    invoice: input.invoice,
    cardholder: cardholderOf(input),
  });
}
