/**
 * An operator's refund of a paid plan payment (`npm run refund`, server/refundCli.ts), whole or in part: the payment
 * moves from paid to refunded with one conditional UPDATE first, so a second refund of it finds nothing to claim and
 * refunds nothing; a gateway refund that fails moves it back. Then its e-invoice is voided, or allowanced for a part
 * or after the invoice's period (invoicing.ts invoiceRefunded), once. The plan itself is not changed: ending it is
 * the operator's separate choice.
 */
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { type InvoicingDeps, invoiceRefunded } from './invoicing';
import { paymentByOrder } from './payments';
import { payments } from './schema';

export type RefundDeps = InvoicingDeps & Pick<Deps, 'payment'>;

export class RefundRefused extends Error {}

/** Refunds `amount` (whole TWD; all of it by default) of a paid payment; answers what the gateway gave back. */
export async function refundPayment(
  deps: RefundDeps,
  orderNumber: string,
  amount?: number,
): Promise<{ refunded: number; invoice: boolean }> {
  const payment = await paymentByOrder(deps.db, orderNumber);
  if (!payment) throw new RefundRefused(`no payment ${orderNumber}`);
  if (payment.status !== 'paid' || !payment.recTradeId)
    throw new RefundRefused(`payment ${orderNumber} is ${payment.status}, not a paid charge`);
  const part = amount ?? payment.amount;
  if (!Number.isInteger(part) || part < 1 || part > payment.amount)
    throw new RefundRefused(`a refund is 1 to ${payment.amount} (whole TWD)`);
  const [claimed] = await deps.db
    .update(payments)
    .set({ status: 'refunded' })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
    .returning();
  if (!claimed) throw new RefundRefused(`payment ${orderNumber} was refunded meanwhile`);
  let refunded: number;
  try {
    ({ refunded } = await deps.payment.refund(payment.recTradeId, part < payment.amount ? part : undefined));
  } catch (err) {
    await deps.db
      .update(payments)
      .set({ status: 'paid' })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refunded')));
    throw err;
  }
  deps.log.warn({ order: orderNumber, refunded }, 'plan payment refunded by an operator');
  return { refunded, invoice: await invoiceRefunded(deps, payment.id, refunded || part) };
}
