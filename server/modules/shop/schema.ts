/**
 * The shop: goods and their SKUs, logistics, orders with their items, events and payments.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '../../../contract/billing';
import type { OrderActor, OrderStatus, ShopStatus } from '../../../contract/shop';
import { createdAt, idColumn, timestamps, ts } from '../../db/columns';
import { places } from '../content/schema';
import { readers } from '../readers/schema';
import { siteIdColumn, users } from '../tenancy/schema';

/*
 * The shop (issue 15; contract/shop.ts): goods with their SKUs, logistics options, orders with their items, events
 * and payments. Money is whole TWD. Stock is a SKU's `qty` of units free to sell: an order takes its units when it
 * is made (a conditional UPDATE … WHERE qty >= n, never below 0 by a CHECK too) and gives them back if it becomes
 * invalid.
 */

/** A product: its words, pictures, status and the site's tags (ids of `tags`). */
export const goods = pgTable(
  'goods',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull().default(''),
    intro: text('intro').notNull().default(''),
    /** Rich text (HTML, sanitized on save). */
    content: text('content').notNull().default(''),
    cover: text('cover').notNull().default(''),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    status: text('status').$type<ShopStatus>().notNull().default('offline'),
    tags: integer('tags').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('goods_site_slug_uq').on(t.siteId, t.slug).where(sql`${t.slug} <> ''`),
    index('goods_site_status_idx').on(t.siteId, t.status),
  ],
);

/** A product's variant (SKU): what is bought. `code` is unique per site; `shift` its lead time in days (contract/shop.ts). */
export const goodsSkus = pgTable(
  'goods_skus',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    price: integer('price').notNull(),
    /** Units free to sell (reserved ones already taken off). */
    qty: integer('qty').notNull().default(0),
    shift: smallint('shift').notNull().default(0),
    status: text('status').$type<ShopStatus>().notNull().default('online'),
    /** The SKU's place in its product's list. */
    position: smallint('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('goods_skus_site_code_uq').on(t.siteId, sql`lower(${t.code})`),
    index('goods_skus_goods_idx').on(t.goodsId, t.position),
    check('goods_skus_qty_nonnegative', sql`${t.qty} >= 0`),
  ],
);

/** A shipping option offered at checkout: its fee, waived from `free_threshold` (0: never). */
export const logistics = pgTable(
  'logistics',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    fee: integer('fee').notNull().default(0),
    freeThreshold: integer('free_threshold').notNull().default(0),
    /** Set: a pickup option at this place (issue 17), rather than a delivery. */
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    status: text('status').$type<ShopStatus>().notNull().default('online'),
    ...timestamps(),
  },
  (t) => [index('logistics_site_idx').on(t.siteId, t.status)],
);

/**
 * A buyer's order (SPEC §4 statuses, contract/shop.ts ORDER_STATUS). What was bought, the logistics option and the
 * amounts are copied as they were when ordered; `total` is always the server's sum. `order_number` is ours (prefix
 * O, unguessable: the buyer's page and calls name the order by it). `expires_at`: when an unpaid order gives back its
 * stock.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    orderNumber: text('order_number').notNull(),
    status: smallint('status').$type<OrderStatus>().notNull().default(0),
    /** The signed-in reader who ordered, if any (guests order too). */
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone').notNull().default(''),
    address: text('address').notNull().default(''),
    note: text('note').notNull().default(''),
    /** The content language the buyer ordered in (their mails' language). */
    langId: smallint('lang_id').notNull().default(1),
    logisticId: integer('logistic_id').references(() => logistics.id, { onDelete: 'set null' }),
    logisticName: text('logistic_name').notNull().default(''),
    logisticFee: integer('logistic_fee').notNull().default(0),
    /** The tracking code, set when shipping (`logistic.code`). */
    logisticCode: text('logistic_code').notNull().default(''),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    expiresAt: ts('expires_at'),
    paidAt: ts('paid_at'),
    shippedAt: ts('shipped_at'),
    completedAt: ts('completed_at'),
    invalidAt: ts('invalid_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.orderNumber),
    index('orders_site_idx').on(t.siteId, t.createdAt),
    index('orders_site_status_idx').on(t.siteId, t.status),
    index('orders_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 0`),
  ],
);

/** One line of an order: the SKU as it was (names, code, price) and how many. */
export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    skuId: integer('sku_id').references(() => goodsSkus.id, { onDelete: 'set null' }),
    goodsName: text('goods_name').notNull(),
    skuName: text('sku_name').notNull(),
    skuCode: text('sku_code').notNull(),
    price: integer('price').notNull(),
    qty: integer('qty').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_sku_idx').on(t.siteId, t.skuCode)],
);

/** Every move of an order: from, to, who (a staff user, or the buyer, the gateway, the system) and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status').$type<OrderStatus>(),
    toStatus: smallint('to_status').$type<OrderStatus>().notNull(),
    actor: text('actor').$type<OrderActor>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The tracking code given when shipping, or why (e.g. `expired`, `refunded`). */
    detail: text('detail').notNull().default(''),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/** One charge of an order (a declined card may be followed by another): our `order_number` per charge. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    recTradeId: text('rec_trade_id'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('order_payments_number_uq').on(t.orderNumber),
    uniqueIndex('order_payments_open_uq').on(t.orderId).where(sql`${t.status} = 'pending'`),
    index('order_payments_order_idx').on(t.orderId, t.createdAt),
  ],
);

/** Order-payment notifications already handled (event ids are the gateway's). */
export const orderPaymentEvents = pgTable(
  'order_payment_events',
  {
    id: idColumn(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => orderPayments.id, { onDelete: 'cascade' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_payment_events_event_uq').on(t.eventId)],
);
