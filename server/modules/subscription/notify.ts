/**
 * The gateway's notification of a reader's payment (an `R…` order), dispatched here by server/modules/plans/
 * notify.ts once the gateway stood behind it: only a hint, the payment is settled by asking the gateway; an event
 * id seen before (reader_payment_events) does nothing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentEvent } from '../../adapters/payment/gateway';
import { readerPaymentEvents, readerPayments } from '../../db/schema';
import type { Deps } from '../../deps';
import { readerPaymentByOrder, settleReaderPayment } from './payments';

export { isReaderOrder } from './payments';

export async function settleReaderNotification(deps: Deps, event: PaymentEvent): Promise<void> {
  const [seen] = await deps.db
    .select({ id: readerPaymentEvents.id })
    .from(readerPaymentEvents)
    .where(eq(readerPaymentEvents.eventId, event.eventId));
  if (seen) return;
  const payment = await readerPaymentByOrder(deps.db, event.orderNumber);
  if (!payment) {
    deps.log.warn({ event }, 'reader payment notification for an unknown order');
    return;
  }
  if (!payment.recTradeId)
    await deps.db
      .update(readerPayments)
      .set({ recTradeId: event.tradeId })
      .where(and(eq(readerPayments.id, payment.id), isNull(readerPayments.recTradeId)));
  await settleReaderPayment(deps, payment.orderNumber);
  await deps.db
    .insert(readerPaymentEvents)
    .values({ eventId: event.eventId, paymentId: payment.id, receivedAt: new Date(deps.now()) })
    .onConflictDoNothing();
}
