/**
 * Gives back the stock of unpaid shop orders whose payment time is over (contract/shop.ts ORDER_PAYMENT_MINUTES).
 * Each pass claims due orders (status 0, expires_at passed) with one UPDATE over a SELECT … FOR UPDATE SKIP LOCKED
 * that moves expires_at a lease ahead, so two instances never take one at once. A claimed order's pending payment is
 * settled with the gateway first: paid, the order is paid after all; still in its 3-D Secure window, the order waits
 * for the next pass; otherwise the payment is expired (a late yes from the gateway is refunded) and the order moves
 * 0 → -1 by the system ('expired'), its stock released.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { ORDER_STATUS } from '../../contract/shop';
import { expireRow, LEDGER_WINDOW_MS, settleLedgerRow } from '../modules/payments/ledger';
import { moveOrder } from '../modules/shop/moves';
import { orderLedger, paymentsOfOrder, type ShopDeps } from '../modules/shop/payments';
import { orders } from '../modules/shop/schema';
import { type BatchedJob, batchedJob } from './batched';

export const ORDER_EXPIRY_INTERVAL_MS = 60_000;
/** How long a pass's claim of an order lasts (and how long an order in a 3-D Secure window waits between looks). */
export const ORDER_EXPIRY_LEASE_MS = 2 * 60_000;
const BATCH = 20;

export type OrderExpiryOutcome = 'expired' | 'paid' | 'waiting' | 'moved';
export interface OrderExpiryResult {
  orderId: number;
  outcome: OrderExpiryOutcome;
}

async function expireOne(deps: ShopDeps, order: typeof orders.$inferSelect): Promise<OrderExpiryOutcome> {
  const ledger = orderLedger(deps);
  for (const found of (await paymentsOfOrder(deps.db, order.id)).filter((p) => p.status === 'pending')) {
    const row = await settleLedgerRow(deps, ledger, found, 'keep');
    if (row.status === 'paid') return 'paid';
    if (row.status !== 'pending') continue;
    if (deps.now() - row.createdAt.getTime() < LEDGER_WINDOW_MS) return 'waiting';
    await expireRow(deps, ledger, row);
  }
  const moved = await deps.db.transaction((tx) =>
    moveOrder(tx, {
      siteId: order.siteId,
      orderId: order.id,
      from: ORDER_STATUS.CREATED,
      to: ORDER_STATUS.INVALID,
      actor: 'system',
      detail: 'expired',
      at: new Date(deps.now()),
    }),
  );
  return moved ? 'expired' : 'moved';
}

export async function expireDueOrders(deps: ShopDeps): Promise<OrderExpiryResult[]> {
  const now = new Date(deps.now());
  const due = deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, ORDER_STATUS.CREATED), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(orders)
    .set({ expiresAt: new Date(now.getTime() + ORDER_EXPIRY_LEASE_MS) })
    .where(and(inArray(orders.id, due), eq(orders.status, ORDER_STATUS.CREATED), lte(orders.expiresAt, now)))
    .returning();
  const results: OrderExpiryResult[] = [];
  for (const order of claimed) {
    try {
      results.push({ orderId: order.id, outcome: await expireOne(deps, order) });
    } catch (err) {
      deps.log.error({ err, order: order.orderNumber }, 'order expiry failed; will try again');
    }
  }
  return results;
}

/** Expires due orders every `intervalMs`, starting at once; passes never overlap within an instance. */
export function startOrderExpiry(
  deps: ShopDeps,
  opts: { intervalMs?: number } = {},
): BatchedJob<OrderExpiryResult> {
  return batchedJob({
    name: 'order expiry',
    intervalMs: opts.intervalMs ?? ORDER_EXPIRY_INTERVAL_MS,
    batch: BATCH,
    claim: () => expireDueOrders(deps),
    log: deps.log,
  });
}
