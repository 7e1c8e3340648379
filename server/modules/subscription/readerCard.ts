/**
 * A reader's new card on file (`reader/subscription/card`, from /account), as the site's own card change works
 * (server/modules/plans/card.ts): the new card pays once with 3-D Secure and `remember` on the payment ledger, and
 * once paid its card replaces the subscription's; a failed or declined one changes nothing.
 *
 * An active subscription's card pays a verification of CARD_VERIFICATION_AMOUNT (NT$1: no zero-amount authorisation
 * at the gateway), given back once paid (readerLedger's afterPaid), as a first payment would be: one open at a time
 * (reader_payments_open_uq). A past_due one's pays the overdue renewal at once — the plan's price now, for the
 * subscription's current period — holding the purpose of the renewal job's next attempt (`renewal:<period end>:
 * <attempt>`, unique per reader), so the job charges nothing while it is open and a paid one renews the subscription
 * as a paid renewal does (applyReaderRenewal, the new card kept); failed or expired, it gives the purpose back.
 * The 3-D Secure window comes back to /account.
 */
import { and, eq } from 'drizzle-orm';
import { CARD_VERIFICATION_AMOUNT } from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import type { ReaderPaymentReply } from '../../../contract/subscription';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { publicPath } from '../../shared/paths';
import {
  chargeByPrime,
  expireRow,
  insertPending,
  LEDGER_WINDOW_MS,
  type LedgerDeps,
  ledgerRowByOrder,
  openSlot,
  settleLedgerRow,
} from '../payments/ledger';
import { NOTIFY_PATH } from '../plans/payments';
import { renewalPurpose } from '../plans/renewalKey';
import { readerPayments, readerPlans } from '../readers/schema';
import { siteUrl } from '../tenancy/sites';
import {
  newReaderOrderNumber,
  openReaderPayments,
  type ReaderPaymentRow,
  type ReaderPayRequest,
  readerLedger,
  subscriptionOfReader,
  toReaderReply,
} from './payments';

export type ReaderCardRequest = Omit<ReaderPayRequest, 'plan'>;

/**
 * A card change as it now stands: settled through the gateway, and expired when still unknown after its window's
 * life (its purpose then given back), so that neither a new card change nor the renewal job waits on it for good.
 */
export async function settleCardChange(
  deps: LedgerDeps,
  row: ReaderPaymentRow,
  unreachable: 'keep' | 'throw',
) {
  const now = await settleLedgerRow(deps, readerLedger, row, unreachable);
  if (now.status !== 'pending' || deps.now() - now.createdAt.getTime() < LEDGER_WINDOW_MS) return now;
  await expireRow(deps, readerLedger, now);
  return (await ledgerRowByOrder(deps.db, readerLedger, now.orderNumber)) as ReaderPaymentRow;
}

/** reader/subscription/card: the signed-in reader's new card, verified (active) or paying the overdue renewal. */
export async function changeReaderCard(deps: Deps, req: ReaderCardRequest): Promise<ReaderPaymentReply> {
  const sub = await subscriptionOfReader(deps.db, req.reader.id);
  if (!sub || !(sub.status === 'active' || sub.status === 'past_due'))
    throw new AppError(Code.READER_NO_SUBSCRIPTION);
  await openSlot(deps, readerLedger, await openReaderPayments(deps.db, req.reader.id));
  const [plan] = await deps.db.select().from(readerPlans).where(eq(readerPlans.id, sub.planId));
  let charge = {
    amount: CARD_VERIFICATION_AMOUNT,
    purpose: null as string | null,
    details: 'Card verification (refunded)',
  };
  if (sub.status === 'past_due' && sub.periodEnd) {
    const purpose = renewalPurpose({ periodEnd: sub.periodEnd, attempt: sub.renewAttempts });
    const [held] = await deps.db
      .select()
      .from(readerPayments)
      .where(and(eq(readerPayments.readerId, req.reader.id), eq(readerPayments.purpose, purpose)));
    if (held) {
      // The renewal job is charging this attempt itself, or an earlier card change of it is still open.
      if (held.kind !== 'card') throw new AppError(Code.PAYMENT_IN_PROGRESS);
      const now = await settleCardChange(deps, held, 'throw');
      if (now.status === 'pending') throw new AppError(Code.PAYMENT_IN_PROGRESS);
      if (now.status === 'paid') return toReaderReply(now);
    }
    // As the renewal job would charge it: the plan's price now.
    charge = { amount: plan.price, purpose, details: `Reader plan ${plan.name} renewal`.slice(0, 100) };
  }
  const payment = await insertPending(deps.db, readerLedger, {
    siteId: req.site.id,
    readerId: req.reader.id,
    planId: sub.planId,
    orderNumber: newReaderOrderNumber(req.site.id, deps.now()),
    kind: 'card',
    amount: charge.amount,
    purpose: charge.purpose,
    createdAt: new Date(deps.now()),
  });
  const returnUrl = siteUrl(req.site, deps.config) + publicPath(req.site, 'account', '', plan.langId);
  const { row, redirectUrl } = await chargeByPrime(deps, readerLedger, payment, {
    details: charge.details,
    cardholder: { name: req.cardholder.name, email: req.reader.email, phone: req.cardholder.phone ?? '' },
    prime: req.prime,
    remember: true,
    threeDomainSecure: { returnUrl, notifyUrl: `${deps.config.publicUrl}${NOTIFY_PATH}` },
  });
  return toReaderReply(row, redirectUrl);
}
