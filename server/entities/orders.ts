/**
 * The orders entity (contract/entities/orders.ts) on the orders service: an order is more than a row (its units, its
 * items, its moves and payments), so the list, the record and the CSV rows (one per item) are the service's; the
 * endpoints stay the declaration's. Staff's moves (`order/save`) are the orders module's own action.
 */
import { orders } from '../../contract/entities/orders';
import { orderCsvRows } from '../modules/orders/export';
import { getOrder, listOrders } from '../modules/orders/service';
import { entityHooks } from './hooks';

export const hooks = entityHooks(orders, {
  list: (input, ctx) => listOrders(ctx.deps.db, ctx.site.id, input.query),
  get: (input, ctx) => getOrder(ctx.deps.db, ctx.site.id, input.id),
  exportRows: (query, ctx) => orderCsvRows(ctx, query),
});
