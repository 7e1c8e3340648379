/**
 * Orders in the back-office (issue 15, SPEC §3 Order, §4 statuses): what an order's record page shows beyond its
 * list row — its items, the timeline of its moves and its payments — and the one change staff make, `order/save
 * {id, status, code}` (a legal move of contract/shop.ts; the tracking code when shipping, and only then). The list,
 * the record, its filters and the CSV export are the orders entity's (contract/entities/orders.ts). Orders are made
 * by buyers on the public site (contract/api/shopReader.ts); staff never create nor delete them.
 */
import { z } from 'zod';
import { PAYMENT_STATUSES } from './billing';
import { bounded, f } from './fields';
import { ORDER_ACTORS, ORDER_STATUS, ORDER_STATUSES, type OrderStatus, TRACKING_CODE_MAX } from './shop';

const Status = z.union(
  ORDER_STATUSES.map((s) => z.literal(s)) as [z.ZodLiteral<OrderStatus>, ...z.ZodLiteral<OrderStatus>[]],
);

export const OrderItem = z.object({
  id: z.number(),
  goods_id: z.number().nullable(),
  sku_id: z.number().nullable(),
  goods_name: z.string(),
  sku_name: z.string(),
  sku_code: z.string(),
  price: z.number(),
  qty: z.number(),
  amount: z.number(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** One move of the order: who (a staff member by name, or the buyer, the gateway, the system) and when. */
export const OrderEvent = z.object({
  id: z.number(),
  from_status: Status.nullable(),
  to_status: Status,
  actor: z.enum(ORDER_ACTORS),
  /** The staff member's nickname, else e-mail, when actor is staff ('' once their account is gone). */
  staff: z.string().nullable(),
  detail: z.string(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

export const OrderPayment = z.object({
  id: z.number(),
  order_number: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  /** The gateway's trade id, once known. */
  trade_id: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

/** What an order's `get` answers beyond its list row (contract/entities/orders.ts `detail`). */
export const OrderDetailShape = {
  address: z.string(),
  note: z.string(),
  lang_id: z.number(),
  logistic_name: z.string(),
  logistic_fee: z.number(),
  logistic_code: z.string(),
  subtotal: z.number(),
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  invalid_at: z.string().nullable(),
  lines: z.array(OrderItem),
  events: z.array(OrderEvent),
  payments: z.array(OrderPayment),
  /** The statuses staff may move it to now (contract/shop.ts staffMoves). */
  moves: z.array(Status),
};

/**
 * `order/save {id, status, code}` and nothing else. `code` (the tracking code, trimmed) belongs to shipping (status
 * 2) only: sent with any other status it is refused (1001 on `code`); shipping without one answers 3521.
 */
export const OrderSave = z
  .strictObject({
    id: f.id(),
    status: Status,
    code: bounded(TRACKING_CODE_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status !== ORDER_STATUS.SHIPPED && v.code !== undefined && v.code !== '')
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.unknownField' });
  });
export type OrderSave = z.infer<typeof OrderSave>;
