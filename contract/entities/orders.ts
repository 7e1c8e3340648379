/**
 * Orders (/orders, /orders/{id}; issue 15, SPEC §3 Order, §4 statuses): made by buyers on the public site
 * (contract/api/shopReader.ts), listed, read and exported here, and moved along by staff on the record page with
 * `order/save {id, status, code}` (contract/api/orders.ts) — never made nor deleted here, so it serves list and get
 * only. An order is more than a row (its units and items), so the server's hooks answer list, get and the export
 * from the orders service (server/entities/orders.ts); the record page with its moves and the packing slip are the
 * SPA's (src/entities/overrides/orders.tsx). The fields are never saved: their kinds say how the list shows them.
 */
import { z } from 'zod';
import { defineEntity, type EntityRecord, field } from '../entity';
import { OrderDetailShape } from '../orders';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { ORDER_STATUSES } from '../shop';

export const orders = defineEntity({
  name: 'orders',
  table: 'orders',
  title: 'order_number',
  ops: ['list', 'get'],
  fields: {
    order_number: field.readOnly(z.string(), { list: true }),
    created_at: field.dateTime({ list: true, sort: true, filter: 'range' }),
    /** Shown with the e-mail address on hover (or the address alone when no name was given). */
    buyer_name: field.readOnly(z.string(), { list: true }),
    buyer_email: field.readOnly(z.string()),
    buyer_phone: field.readOnly(z.string()),
    /** Units ordered, over all items. */
    items: field.number(undefined, { list: true }),
    total: field.money({ list: true, sort: true }),
    /** SPEC §4: 0 awaiting payment, 1 paid, 2 shipped, 3 completed, -1 invalid. */
    status: field.enum(ORDER_STATUSES, { list: true, filter: 'in', sort: true }),
  },
  // The order number, the buyer's name, e-mail or phone; and an item's SKU code, SKU name or product name.
  searches: { keyword: ['order_number', 'buyer_name', 'buyer_email', 'buyer_phone'], sku: 'own' },
  detail: OrderDetailShape,
  // One row per item, with its order's columns (an order without items is one row).
  export: {
    columns: [
      'order_number',
      'created',
      'status',
      'buyer_name',
      'buyer_email',
      'buyer_phone',
      'address',
      'note',
      'logistics',
      'tracking_code',
      'goods',
      'sku',
      'sku_code',
      'price',
      'qty',
      'amount',
      'subtotal',
      'shipping',
      'total',
    ],
  },
  paths: { list: 'order/list', get: 'order/get', export: 'order/export' },
  permissions: RESOURCE_PERMISSIONS.orders,
  feature: 'shop',
  defaultSort: { col: 'created_at', order: 'desc' },
  menu: { group: 'shop', order: 30, icon: () => import('@mui/icons-material/ReceiptLongOutlined') },
});

/** An order as the list shows it, and as its record page does (`order/get`, `order/save`). */
export type OrderRow = EntityRecord<typeof orders>;
export type OrderDetail = z.output<typeof orders.api.get.output>;
