/**
 * Paying for a shop order (`O…` order numbers) through the payment ledger (server/modules/payments/ledger.ts): one
 * `order_payments` row per charge (its own number, `<order>-p<n>`; at most one pending per order), exactly once.
 * The effect of a paid charge is the order's move 0 → 1 by the gateway, with the buyer's and the staff's mails in the
 * same transaction; when the order is no longer awaiting payment (expired, invalidated), the money is refunded.
 */
import { and, count, eq } from 'drizzle-orm';
import { ORDER_STATUS, SHOP_ORDER_PREFIX } from '../../../contract/shop';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import type { Ledger } from '../payments/ledger';
import { queuePaidMails } from './mail';
import { moveOrder, type OrderRow } from './moves';
import { orderPaymentEvents, orderPayments } from './schema';

export type OrderPaymentRow = typeof orderPayments.$inferSelect;

export const isShopOrder = (orderNumber: string) => orderNumber.startsWith(SHOP_ORDER_PREFIX);

/** What the ledger's effects need of the app. */
export type ShopDeps = Pick<Deps, 'db' | 'now' | 'log' | 'payment' | 'config'>;

export const orderLedger = (deps: { config: Config; now: () => number }): Ledger<OrderPaymentRow> => ({
  label: 'shop order payment',
  table: orderPayments,
  events: orderPaymentEvents,
  async onPaid(tx, row, at) {
    const moved = await moveOrder(tx, {
      siteId: row.siteId,
      orderId: row.orderId,
      from: ORDER_STATUS.CREATED,
      to: ORDER_STATUS.PAID,
      actor: 'gateway',
      detail: row.orderNumber,
      at,
    });
    if (!moved) return false;
    await queuePaidMails(tx, deps, moved as OrderRow);
    return true;
  },
});

/** The payments of an order, newest first. */
export const paymentsOfOrder = (db: Db, orderId: number) =>
  db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(orderPayments.id);

/** The next charge's number of an order: `<order>-p<n>`. */
export async function nextPaymentNumber(db: Db, order: { id: number; orderNumber: string }) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, order.id)));
  return `${order.orderNumber}-p${n + 1}`;
}
