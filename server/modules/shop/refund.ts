/**
 * Refunding a paid order that staff invalidate (order/save 1 → -1), exactly once. The order's paid payment is
 * claimed first (paid → refunded with one conditional UPDATE, the order row locked FOR UPDATE while it is still
 * paid), then the gateway refunds the trade; a refund the gateway refuses or cannot answer puts the payment back to
 * paid and the move is refused (3525), so the order stays paid with its money and nothing is half done. Two staff
 * invalidating at once: one claims, the other finds the claim and is refused. Shipping checks for a claim under way
 * with the order row locked (server/modules/orders/service.ts), so an order is never both refunded and shipped.
 */
import { and, eq } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { ORDER_STATUS } from '../../../contract/shop';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { orderPayments, orders } from './schema';

export type OrderPaymentRow = typeof orderPayments.$inferSelect;

export type RefundClaim =
  /** This caller holds the payment (now `refunded`) and must refund it, or put it back. */
  | { kind: 'claimed'; payment: OrderPaymentRow }
  /**
   * The order is no longer paid, or a refund of it is under way (`claimed`: its payment, already `refunded`) — by
   * another caller, or by one that stopped half way (see `refundedAtGateway`).
   */
  | { kind: 'busy'; claimed?: OrderPaymentRow }
  /** A paid order without a paid payment: nothing to give back. */
  | { kind: 'none' };

/** Whether a payment of the order is claimed for a refund (or refunded). */
export async function refundUnderWay(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'refunded')))
    .limit(1);
  return Boolean(row);
}

export async function claimRefund(db: Db, siteId: number, orderId: number): Promise<RefundClaim> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.siteId, siteId), eq(orders.id, orderId), eq(orders.status, ORDER_STATUS.PAID)))
      .for('update');
    if (!order) return { kind: 'busy' } as const;
    const [payment] = await tx
      .update(orderPayments)
      .set({ status: 'refunded' })
      .where(
        and(
          eq(orderPayments.siteId, siteId),
          eq(orderPayments.orderId, orderId),
          eq(orderPayments.status, 'paid'),
        ),
      )
      .returning();
    if (payment) return { kind: 'claimed', payment } as const;
    const [claimed] = await tx
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'refunded')))
      .limit(1);
    return claimed ? ({ kind: 'busy', claimed } as const) : ({ kind: 'none' } as const);
  });
}

/**
 * Whether the gateway has given all of a claimed payment's money back: a refund that went through while its caller
 * stopped before moving the order (a crash, a lost answer), which a later invalidation may then finish.
 */
export async function refundedAtGateway(
  deps: Pick<Deps, 'payment' | 'log'>,
  payment: OrderPaymentRow,
): Promise<boolean> {
  if (!payment.recTradeId) return false;
  try {
    return ((await deps.payment.query(payment.recTradeId))?.refunded ?? 0) >= payment.amount;
  } catch (err) {
    deps.log.warn({ err, order: payment.orderNumber }, 'order refund: the gateway could not be asked');
    return false;
  }
}

/** Refunds a claimed payment's trade in full; on any failure the payment is paid again and 3525 is thrown. */
export async function refundClaimed(
  deps: Pick<Deps, 'db' | 'payment' | 'log'>,
  payment: OrderPaymentRow,
): Promise<void> {
  try {
    if (!payment.recTradeId) throw new Error('a paid order payment without its trade id');
    const { refunded } = await deps.payment.refund(payment.recTradeId);
    deps.log.info({ order: payment.orderNumber, refunded }, 'order payment refunded');
  } catch (err) {
    deps.log.error({ err, order: payment.orderNumber }, 'order refund failed: the order stays paid');
    await deps.db
      .update(orderPayments)
      .set({ status: 'paid' })
      .where(and(eq(orderPayments.id, payment.id), eq(orderPayments.status, 'refunded')));
    throw new AppError(Code.ORDER_REFUND_FAILED);
  }
}
