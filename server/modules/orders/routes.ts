/**
 * Orders' one action besides the entity's (contract/entities/orders.ts: list, get and export, served by
 * server/entities/orders.ts): staff's moves, `order/save` (contract/api/orders.ts).
 */
import { orderApi } from '../../../contract/api/orders';
import { action } from '../../http/action';
import { saveOrder } from './service';

export const orderActions = [
  action({
    ...orderApi.save,
    handler: (input, ctx) => saveOrder(ctx, input),
  }),
];
