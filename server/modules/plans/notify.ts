/**
 * `POST /payment-gateway/notify`: the gateway's backend notification of a 3-D Secure payment. The body is read raw, as
 * the signature covers it; the gateway adapter says whether it stands behind it (a forgery answers 400 and changes
 * nothing). A notification is only a hint: the payment is settled by asking the gateway (payments.ts `settle`), and an
 * event id seen before does nothing. A failed or expired payment the gateway reports paid is refunded there.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../contract/codes';
import type { PaymentEvent } from '../../adapters/payment/gateway';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { sendError, sendOk } from '../../http/reply';
import { NOTIFY_PATH, paymentByOrder, settle } from './payments';
import { paymentEvents, payments } from './schema';

const NOTIFY_MAX_BYTES = 64 * 1024;

/**
 * The other payments the one notification route serves, by their order number: a reader's (R…,
 * subscription/notify.ts) and a shop order's (O…, shop/notify.ts). app.ts passes them: this module imports neither.
 */
export interface OtherPayments {
  owns(orderNumber: string): boolean;
  settle(deps: Deps, event: PaymentEvent): Promise<void>;
}

export function paymentNotifyRoutes(deps: Deps, others: readonly OtherPayments[]) {
  return async function plugin(app: FastifyInstance) {
    // Raw bytes for the signature; this parser lives in this plugin's scope only.
    app.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: NOTIFY_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    app.post(NOTIFY_PATH, { bodyLimit: NOTIFY_MAX_BYTES }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const event = await deps.payment.verifyNotification(raw, req.headers);
      if (!event) return sendError(req, reply, new AppError(Code.BAD_REQUEST));
      // A reader's payment for a site's reader plan (R-orders), settled and recorded on its own tables, or a buyer's
      // payment of a shop order (O-orders), settled through the payment ledger.
      const other = others.find((o) => o.owns(event.orderNumber));
      if (other) {
        await other.settle(deps, event);
        return sendOk(reply, null);
      }
      const [seen] = await deps.db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.eventId));
      if (seen) return sendOk(reply, null);
      const payment = await paymentByOrder(deps.db, event.orderNumber);
      if (!payment) {
        req.log.warn({ event }, 'payment notification for an unknown order');
        return sendOk(reply, null);
      }
      // A payment whose charge call threw has no trade id yet: the verified event gives it, and the query decides.
      if (!payment.recTradeId)
        await deps.db
          .update(payments)
          .set({ recTradeId: event.tradeId })
          .where(and(eq(payments.id, payment.id), isNull(payments.recTradeId)));
      await settle(deps, payment.orderNumber);
      await deps.db
        .insert(paymentEvents)
        .values({ eventId: event.eventId, paymentId: payment.id, receivedAt: new Date(deps.now()) })
        .onConflictDoNothing();
      return sendOk(reply, null);
    });
  };
}
