/** Orders (/orders, /orders/{id}): thin bindings of contract/api/orders.ts. */
import { orderApi } from '../../../contract/api/orders';
import { action } from '../../http/action';
import { exportOrders } from './export';
import { getOrder, listOrders, saveOrder } from './service';

export const orderActions = [
  action({
    ...orderApi.list,
    handler: (input, ctx) => listOrders(ctx.deps.db, ctx.site.id, input.query),
  }),
  action({
    ...orderApi.get,
    handler: (input, ctx) => getOrder(ctx.deps.db, ctx.site.id, input.id),
  }),
  action({
    ...orderApi.save,
    handler: (input, ctx) => saveOrder(ctx, input),
  }),
  action({
    ...orderApi.export,
    handler: (input, ctx) => exportOrders(ctx, input.query),
  }),
];
