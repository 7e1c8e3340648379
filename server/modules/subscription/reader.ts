/**
 * The readers' calls on the site's own host (`reader/subscription/*`): the plans on sale, the first payment, the
 * subscription's standing (settling a payment the 3-D Secure window returned with), and cancelling at the period's
 * end. A payment needs a signed-in reader (401 otherwise); a plan not on sale on this site is 3420.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { OfferedPlan, ReaderStatusReply } from '../../../contract/subscription';
import type { Deps } from '../../deps';
import type { ReaderContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { sanitizeRichText } from '../../workers/sanitize';
import { readerPlans, readerSubscriptions } from '../readers/schema';
import { offeredPlan, offeredPlans, type ReaderPlanRow } from './offer';
import {
  readerPaymentByOrder,
  settleReaderPayment,
  startReaderPayment,
  subscriptionOfReader,
  toReaderReply,
} from './payments';
import { changeReaderCard } from './readerCard';

export const toOffered = (p: ReaderPlanRow): OfferedPlan => ({
  id: p.id,
  name: p.name,
  price: p.price,
  content: sanitizeRichText(p.content),
  cover: p.cover,
  func: p.func,
  freq: p.freq,
});

const signedIn = (ctx: ReaderContext) => {
  if (!ctx.reader) throw new AppError(Code.UNAUTHORIZED);
  return ctx.reader;
};

export async function plansOnSale(ctx: ReaderContext, langId: number) {
  return { rows: (await offeredPlans(ctx.deps.db, ctx.publicSite.id, langId)).map(toOffered) };
}

export async function pay(
  ctx: ReaderContext,
  input: { plan_id: number; prime: string; cardholder: { name: string; phone?: string } },
) {
  const reader = signedIn(ctx);
  const plan = await offeredPlan(ctx.deps.db, ctx.publicSite.id, input.plan_id);
  if (!plan) throw new AppError(Code.READER_PLAN_UNAVAILABLE);
  return startReaderPayment(ctx.deps, {
    site: ctx.publicSite,
    reader,
    plan,
    prime: input.prime,
    cardholder: input.cardholder,
  });
}

/** reader/subscription/card: the signed-in reader's new card (readerCard.ts). */
export async function changeCard(
  ctx: ReaderContext,
  input: { prime: string; cardholder: { name: string; phone?: string } },
) {
  const reader = signedIn(ctx);
  return changeReaderCard(ctx.deps, {
    site: ctx.publicSite,
    reader,
    prime: input.prime,
    cardholder: input.cardholder,
  });
}

async function statusOf(deps: Deps, readerId: number): Promise<Omit<ReaderStatusReply, 'payment'>> {
  const sub = await subscriptionOfReader(deps.db, readerId);
  if (!sub)
    return { status: 'none', paying: false, plan: null, period_end: null, cancel_at_period_end: false };
  const [plan] = await deps.db.select().from(readerPlans).where(eq(readerPlans.id, sub.planId));
  return {
    status: sub.status,
    paying: sub.status === 'active' || sub.status === 'past_due',
    plan: plan ? toOffered(plan) : null,
    period_end: sub.periodEnd?.toISOString() ?? null,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
  };
}

export async function readerStatus(ctx: ReaderContext, orderNumber?: string): Promise<ReaderStatusReply> {
  const reader = signedIn(ctx);
  let payment: ReaderStatusReply['payment'] = null;
  if (orderNumber) {
    const found = await readerPaymentByOrder(ctx.deps.db, orderNumber);
    // Only the reader's own payment is theirs to ask about.
    if (!found || found.readerId !== reader.id) throw new AppError(Code.NOT_FOUND);
    payment = toReaderReply(await settleReaderPayment(ctx.deps, orderNumber));
  }
  return { ...(await statusOf(ctx.deps, reader.id)), payment };
}

/** Stops renewing: the subscription stays paid until its period's end, then the renewal job ends it (cancelled). */
export async function cancelRenewal(ctx: ReaderContext): Promise<ReaderStatusReply> {
  const reader = signedIn(ctx);
  const [row] = await ctx.deps.db
    .update(readerSubscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: new Date(ctx.deps.now()) })
    .where(
      and(
        eq(readerSubscriptions.readerId, reader.id),
        inArray(readerSubscriptions.status, ['active', 'past_due']),
      ),
    )
    .returning({ id: readerSubscriptions.id });
  if (!row) throw new AppError(Code.READER_NO_SUBSCRIPTION);
  return { ...(await statusOf(ctx.deps, reader.id)), payment: null };
}
