/**
 * A payment just became paid: its e-invoice is issued (Deps.invoice). Called once per payment, by the caller that
 * flipped it to paid, after that transaction committed. An issuer that fails is logged and does not undo the
 * payment: the invoice is then issued by hand from the log.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { plans } from '../tenancy/schema';
import type { payments } from './schema';

type PaymentRow = typeof payments.$inferSelect;

export async function paymentPaid(
  deps: Pick<Deps, 'db' | 'invoice' | 'log' | 'now'>,
  payment: PaymentRow,
): Promise<void> {
  try {
    const [plan] = await deps.db
      .select({ name: plans.nameEn })
      .from(plans)
      .where(eq(plans.id, payment.planId));
    await deps.invoice.issue({
      orderNumber: payment.orderNumber,
      siteId: payment.siteId,
      amount: payment.amount,
      item: `${plan?.name ?? `plan ${payment.planId}`} plan (${payment.kind})`,
      paidAt: payment.paidAt ?? new Date(deps.now()),
      invoice: payment.invoice ?? null,
    });
  } catch (err) {
    deps.log.error({ err, order: payment.orderNumber }, 'e-invoice not issued: issue it by hand');
  }
}
