/**
 * The buyers' calls on a site's own host (issue 15; `access: 'reader'`, served at `POST <site>/api/reader/shop/…`):
 * the cart's quote, making an order (its stock reserved, its total the server's), paying it through the site's
 * gateway with a card prime (3-D Secure), and its status. A buyer need not be signed in; the order number
 * (unguessable) names the order in later calls. The default theme's assets/shop.js makes these calls; any theme
 * may (docs/themes.md).
 */
import { z } from 'zod';
import { PAYMENT_STATUSES, PRIME_MAX } from '../billing';
import { CONTENT_LANGUAGES } from '../constants';
import { endpoint } from '../endpoint';
import { bounded, f, ruled } from '../fields';
import {
  ADDRESS_MAX,
  BUYER_NAME_MAX,
  BUYER_PHONE_MAX,
  CART_LINES_MAX,
  LINE_QTY_MAX,
  ORDER_NOTE_MAX,
  ORDER_STATUSES,
} from '../shop';
import { rules } from '../validation';

const langId = z
  .number()
  .int()
  .refine((v) => CONTENT_LANGUAGES.some((l) => l.id === v), { message: 'validation.format' });

/** A cart line: a SKU and how many. Prices are never sent: the server reads them. */
export const CartLine = z.strictObject({
  sku_id: f.id(),
  qty: z.number().int().min(1).max(LINE_QTY_MAX),
});
const Cart = z
  .array(CartLine)
  .min(1)
  .max(CART_LINES_MAX)
  .superRefine((lines, ctx) => {
    const ids = lines.map((l) => l.sku_id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'validation.duplicate' });
  });

export const QuoteInput = z.strictObject({
  items: Cart,
  /** The chosen logistics option, if one is chosen yet. */
  logistic_id: f.id().optional(),
  lang_id: langId.optional(),
});

/** A priced line as the server sees it now. */
export const QuoteLine = z.object({
  sku_id: z.number(),
  goods_id: z.number(),
  goods_name: z.string(),
  goods_slug: z.string(),
  sku_name: z.string(),
  /** The product's cover, an absolute address ('' when none). */
  cover: z.string(),
  price: z.number(),
  qty: z.number(),
  amount: z.number(),
  /** Units free to sell now (the line cannot be ordered when below qty). */
  available: z.number(),
  /** The SKU's lead time in days (contract/shop.ts SHIFT_MAX_DAYS). */
  shift: z.number(),
});
export const LogisticsOption = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  fee: z.number(),
  free_threshold: z.number(),
  /** A pickup option's place (issue 17) in the cart's language, else the first that has the words; null: delivery. */
  pickup: z.object({ name: z.string(), address: z.string(), hours: z.string() }).nullable(),
});
export const QuoteReply = z.object({
  lines: z.array(QuoteLine),
  /** SKUs of the cart that are not on sale any more (dropped from the lines). */
  unavailable: z.array(z.number()),
  subtotal: z.number(),
  /** The online logistics options of the site. */
  logistics: z.array(LogisticsOption),
  /** The chosen option's fee for this subtotal (0 when waived), or null when none is chosen. */
  shipping: z.number().nullable(),
  total: z.number(),
});
export type QuoteReply = z.infer<typeof QuoteReply>;

export const PlaceOrderInput = z.strictObject({
  items: Cart,
  logistic_id: f.id(),
  buyer: z.strictObject({
    name: f.requiredText(BUYER_NAME_MAX),
    email: f.email(),
    phone: ruled(bounded(BUYER_PHONE_MAX), (v) => (v === '' ? undefined : rules.tel(v))).default(''),
  }),
  /** Required for a delivery; a pickup option (one set to a place) needs none (the server checks which). */
  address: f.text(ADDRESS_MAX).default(''),
  note: f.text(ORDER_NOTE_MAX).default(''),
  lang_id: langId.optional(),
  /** A solved bot check: an order holds stock, so robots do not make them. */
  token: f.token(),
});

export const OrderNumberInput = z.strictObject({ order_number: bounded(60) });

/** What the buyer sees of their order. */
export const BuyerOrder = z.object({
  order_number: z.string(),
  /** The buyer's name as ordered (the card form's cardholder until they change it). */
  buyer_name: z.string(),
  status: z.union(
    ORDER_STATUSES.map((s) => z.literal(s)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
  ),
  lines: z.array(
    z.object({
      goods_name: z.string(),
      sku_name: z.string(),
      price: z.number(),
      qty: z.number(),
      amount: z.number(),
    }),
  ),
  subtotal: z.number(),
  logistic_name: z.string(),
  logistic_fee: z.number(),
  logistic_code: z.string(),
  total: z.number(),
  /** When an unpaid order gives its stock back (ISO), or null. */
  expires_at: z.string().nullable(),
  created_at: z.string(),
  /** The last payment's outcome, if one was tried. */
  payment: z.object({ status: z.enum(PAYMENT_STATUSES) }).nullable(),
});
export type BuyerOrder = z.infer<typeof BuyerOrder>;

export const PayOrderInput = z.strictObject({
  order_number: bounded(60),
  prime: ruled(bounded(PRIME_MAX, { trim: false }), rules.required),
  cardholder: z.strictObject({
    name: f.requiredText(60),
    phone: ruled(bounded(20), (v) => (v === '' ? undefined : rules.tel(v))).optional(),
  }),
});
export const PayOrderReply = z.object({
  order_number: z.string(),
  /** The payment's outcome so far; `redirect_url` is the 3-D Secure window while it is pending. */
  status: z.enum(PAYMENT_STATUSES),
  redirect_url: z.string().optional(),
});

export const shopReaderApi = {
  quote: endpoint({
    path: 'reader/shop/quote',
    input: QuoteInput,
    output: QuoteReply,
    access: 'reader',
    summary: "A cart priced by the server: lines, the site's logistics options, shipping and total",
  }),
  order: endpoint({
    path: 'reader/shop/order',
    input: PlaceOrderInput,
    output: BuyerOrder,
    access: 'reader',
    captcha: true,
    summary: 'Makes an order (status 0) from a cart: stock reserved, total computed here',
  }),
  pay: endpoint({
    path: 'reader/shop/pay',
    input: PayOrderInput,
    output: PayOrderReply,
    access: 'reader',
    summary: 'Pays an unpaid order with a card prime through the site gateway (3-D Secure)',
  }),
  get: endpoint({
    path: 'reader/shop/get',
    input: OrderNumberInput,
    output: BuyerOrder,
    access: 'reader',
    summary: 'An order as its buyer sees it (its last payment settled with the gateway first)',
  }),
};
