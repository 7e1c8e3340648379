/**
 * Orders' one change (/orders/{id}; issue 15): staff's moves on the record page. The list, the record and the CSV
 * export are the orders entity's (contract/entities/orders.ts: `order/list`, `order/get`, `order/export`). Moving an
 * order needs order.edit and the plan's `shop` feature (contract/plans.ts). Schemas in contract/orders.ts.
 */

import { endpoint } from '../endpoint';
import { orders } from '../entities/orders';
import { OrderSave } from '../orders';
import { RESOURCE_PERMISSIONS } from '../permissions';

export const orderApi = {
  save: endpoint({
    path: 'order/save',
    input: OrderSave,
    output: orders.api.get.output,
    access: 'site',
    permission: RESOURCE_PERMISSIONS.orders.edit,
    feature: 'shop',
    summary:
      'Moves an order: ship (1→2, with the tracking code `code`), complete (2→3), invalidate (0/1→-1; a paid one is refunded)',
  }),
};
