/**
 * The gateway's notification of a shop order's payment (an `O…` order number), dispatched here by
 * server/modules/plans/notify.ts once the gateway stood behind it: only a hint, settled by asking the gateway; an
 * event id seen before (order_payment_events) does nothing.
 */
import type { PaymentEvent } from '../../adapters/payment/gateway';
import { settleNotification } from '../payments/ledger';
import { orderLedger, type ShopDeps } from './payments';

export { isShopOrder } from './payments';

export const settleShopNotification = (deps: ShopDeps, event: PaymentEvent) =>
  settleNotification(deps, orderLedger(deps), event);
