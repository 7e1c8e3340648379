/**
 * Stock, decided in the database: an order takes its units with one conditional UPDATE per SKU
 * (`qty = qty - n WHERE qty >= n`), so two buyers can never get the last unit and stock never goes below 0 (the
 * table's CHECK says so too); an order that becomes invalid gives them back. Both run inside the caller's
 * transaction, so an order is made with all its units or none.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { goodsSkus, orderItems } from './schema';

export interface StockLine {
  skuId: number;
  qty: number;
  /** Named in the out-of-stock message. */
  name: string;
}

/**
 * Takes each line's units off its SKU, in SKU id order (so that concurrent orders lock in one order and never
 * deadlock). Throws OUT_OF_STOCK (with the name and what is left) when a line cannot be served: the caller's
 * transaction then rolls back what was taken.
 */
export async function reserveStock(tx: Db, siteId: number, lines: readonly StockLine[]): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.skuId - b.skuId);
  for (const line of sorted) {
    const [taken] = await tx
      .update(goodsSkus)
      .set({ qty: sql`${goodsSkus.qty} - ${line.qty}` })
      .where(and(eq(goodsSkus.siteId, siteId), eq(goodsSkus.id, line.skuId), gte(goodsSkus.qty, line.qty)))
      .returning({ id: goodsSkus.id });
    if (taken) continue;
    const [left] = await tx
      .select({ qty: goodsSkus.qty })
      .from(goodsSkus)
      .where(and(eq(goodsSkus.siteId, siteId), eq(goodsSkus.id, line.skuId)));
    const args = { name: line.name, left: left?.qty ?? 0, sku_id: line.skuId };
    throw new AppError(Code.OUT_OF_STOCK, undefined, args, args);
  }
}

/** Gives an order's units back to its SKUs (those still there). Call once, when the order becomes invalid. */
export async function releaseStock(tx: Db, orderId: number): Promise<void> {
  const lines = await tx
    .select({ skuId: orderItems.skuId, qty: orderItems.qty })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.skuId);
  for (const line of lines) {
    if (line.skuId === null) continue;
    await tx
      .update(goodsSkus)
      .set({ qty: sql`${goodsSkus.qty} + ${line.qty}` })
      .where(eq(goodsSkus.id, line.skuId));
  }
}
