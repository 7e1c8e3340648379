/**
 * Orders (/orders, /orders/{id}; issue 15): the catalogue of the back-office's order calls. Reads need order.view,
 * moving an order order.edit; all need the plan's `shop` feature (contract/plans.ts). Schemas in contract/orders.ts.
 */
import { z } from 'zod';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { IdInput, ListInput, listResult } from '../list';
import { OrderDetail, OrderRow, OrderSave } from '../orders';
import { RESOURCE_PERMISSIONS } from '../permissions';

const perm = RESOURCE_PERMISSIONS.orders;

export const orderApi = {
  list: endpoint({
    path: 'order/list',
    input: ListInput,
    output: listResult(OrderRow),
    access: 'site',
    permission: perm.list,
    feature: 'shop',
    summary: "The site's orders, newest first: filters status, from/to (dates), keyword, sku",
  }),
  get: endpoint({
    path: 'order/get',
    input: IdInput,
    output: OrderDetail,
    access: 'site',
    permission: perm.list,
    feature: 'shop',
    summary: 'One order with its items, the timeline of its moves and its payments',
  }),
  save: endpoint({
    path: 'order/save',
    input: OrderSave,
    output: OrderDetail,
    access: 'site',
    permission: perm.edit,
    feature: 'shop',
    summary:
      'Moves an order: ship (1→2, with the tracking code `code`), complete (2→3), invalidate (0/1→-1; a paid one is refunded)',
  }),
  export: endpoint({
    path: 'order/export',
    input: ListInput,
    // A CSV file (UTF-8 with a byte-order mark), not an envelope; refusals still answer envelopes.
    output: z.string(),
    access: 'site',
    permission: perm.list,
    feature: 'shop',
    raw: true,
    timeout: TIMEOUT.upload,
    summary: "The orders of the list's current filter as CSV, one row per item",
  }),
};
