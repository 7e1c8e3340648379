/**
 * The shop's rules both sides share (issue 15; SPEC §3 Product, SKU, Logistics, Order, §4 statuses): statuses, the
 * legal order transitions, limits and timings. Plain constants and functions, no zod, so that any screen may import
 * them.
 */

/** Goods, SKUs and logistics are on sale (online) or not (offline). */
export const SHOP_STATUSES = ['offline', 'online'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

/** SPEC §4: 0 created (awaiting payment), 1 paid, 2 shipped, 3 completed, -1 invalid. */
export const ORDER_STATUS = { INVALID: -1, CREATED: 0, PAID: 1, SHIPPED: 2, COMPLETED: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = [0, 1, 2, 3, -1] as const satisfies readonly OrderStatus[];

/**
 * The legal moves of an order. Payment (0 → 1) is decided by the gateway only, never by a person's save; staff ship
 * a paid order (1 → 2, with its tracking code), complete a shipped one (2 → 3), and invalidate one not yet shipped
 * (0 or 1 → -1; a paid one's money is refunded). An unpaid order also becomes invalid when its payment time is over.
 * Completed and invalid orders are final.
 */
const MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  [ORDER_STATUS.CREATED]: [ORDER_STATUS.PAID, ORDER_STATUS.INVALID],
  [ORDER_STATUS.PAID]: [ORDER_STATUS.SHIPPED, ORDER_STATUS.INVALID],
  [ORDER_STATUS.SHIPPED]: [ORDER_STATUS.COMPLETED],
  [ORDER_STATUS.COMPLETED]: [],
  [ORDER_STATUS.INVALID]: [],
};

/** Whether an order may move from `from` to `to` at all (by anyone). */
export const isLegalMove = (from: OrderStatus, to: OrderStatus): boolean => MOVES[from].includes(to);

/** The moves staff make with `order/save` (payment is the gateway's). */
export const staffMoves = (from: OrderStatus): OrderStatus[] =>
  MOVES[from].filter((to) => to !== ORDER_STATUS.PAID);

/** Who made a move, as each order event records it. */
export const ORDER_ACTORS = ['buyer', 'staff', 'gateway', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * A SKU's `shift` (SPEC §3 names it without a meaning): its shipping lead time, the working days the shop needs to
 * ship it after payment. 0 ships at once (in stock); more is made to order or pre-ordered, and the product page says
 * "ships within N days". Bounded so that nobody promises more than a season.
 */
export const SHIFT_MAX_DAYS = 90;

/** Limits of a product and of a cart. */
export const SKUS_MAX = 50;
export const GALLERY_MAX = 20;
export const SKU_CODE_MAX = 40;
export const SKU_QTY_MAX = 1_000_000;
/** A price in TWD, from 0 to this. */
export const PRICE_MAX = 10_000_000;
export const CART_LINES_MAX = 30;
/** Units of one SKU in one order. */
export const LINE_QTY_MAX = 99;
/** A product at or under this many units of every SKU on sale is flagged as running out in the list. */
export const LOW_STOCK = 5;

/**
 * An unpaid order keeps its stock this long; then it becomes invalid and the stock goes back (a payment still in
 * its 3-D Secure window is settled first).
 */
export const ORDER_PAYMENT_MINUTES = 30;

/** Shop orders are told from the site plan's (`S…`) and readers' (`R…`) payments by their first letter. */
export const SHOP_ORDER_PREFIX = 'O';

/** A buyer's data and address. */
export const BUYER_NAME_MAX = 100;
export const BUYER_PHONE_MAX = 30;
export const ADDRESS_MAX = 300;
export const ORDER_NOTE_MAX = 500;
/** A tracking code (`logistic.code`). */
export const TRACKING_CODE_MAX = 100;

/** An amount in TWD as the screens and mails show it: NT$1,234. */
export const formatTwd = (amount: number): string => `NT$${amount.toLocaleString('en-US')}`;

/** The shipping fee of an order of `subtotal` with a logistics option: waived at its free threshold (0: never). */
export const shippingFee = (subtotal: number, logistics: { fee: number; free_threshold: number }): number =>
  logistics.free_threshold > 0 && subtotal >= logistics.free_threshold ? 0 : logistics.fee;

/**
 * The logistics name an order keeps for a pickup option (issue 17): the option's name with the place's name and
 * address as they were when ordered, so that the order, its mails and the back-office show where to collect it.
 */
export const pickupLogisticName = (option: string, place: { name: string; address: string }): string =>
  [option, place.name, place.address].filter((s) => s.trim() !== '').join(' · ');
