/**
 * The one way an order changes status (contract/shop.ts isLegalMove): a conditional UPDATE from the status the caller
 * found, so two people (or a person and the expiry job) never both move it, the event recorded with who and when,
 * and the stock given back when it becomes invalid. Runs in the caller's transaction; answers the moved row, or null
 * when the order was no longer in `from` (someone else moved it first).
 */
import { and, eq } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { isLegalMove, ORDER_STATUS, type OrderActor, type OrderStatus } from '../../../contract/shop';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { orderEvents, orders } from './schema';
import { releaseStock } from './stock';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderMove {
  siteId: number;
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  /** The staff user who made it (actor `staff`). */
  userId?: number | null;
  /** The tracking code when shipping, or why (`expired`, `refunded` …). */
  detail?: string;
  /** Further columns set with the move (the tracking code). */
  set?: Partial<Pick<OrderRow, 'logisticCode'>>;
  at: Date;
}

/** The column stamping when an order reached a status. */
const STAMP: Partial<Record<OrderStatus, keyof OrderRow>> = {
  [ORDER_STATUS.PAID]: 'paidAt',
  [ORDER_STATUS.SHIPPED]: 'shippedAt',
  [ORDER_STATUS.COMPLETED]: 'completedAt',
  [ORDER_STATUS.INVALID]: 'invalidAt',
};

export async function moveOrder(tx: Db, move: OrderMove): Promise<OrderRow | null> {
  if (!isLegalMove(move.from, move.to))
    throw new AppError(Code.ORDER_ILLEGAL_MOVE, undefined, { from: move.from, to: move.to });
  const stamp = STAMP[move.to];
  const [row] = await tx
    .update(orders)
    .set({
      status: move.to,
      ...move.set,
      ...(stamp && { [stamp]: move.at }),
      ...(move.to === ORDER_STATUS.INVALID && { expiresAt: null }),
      ...(move.to === ORDER_STATUS.PAID && { expiresAt: null }),
      updatedAt: move.at,
    })
    .where(and(eq(orders.siteId, move.siteId), eq(orders.id, move.orderId), eq(orders.status, move.from)))
    .returning();
  if (!row) return null;
  await tx.insert(orderEvents).values({
    siteId: move.siteId,
    orderId: move.orderId,
    fromStatus: move.from,
    toStatus: move.to,
    actor: move.actor,
    userId: move.userId ?? null,
    detail: move.detail ?? '',
    at: move.at,
  });
  if (move.to === ORDER_STATUS.INVALID) await releaseStock(tx, move.orderId);
  return row;
}
