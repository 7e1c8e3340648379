/**
 * The buyers' calls on a site's own host (contract/api/shopReader.ts): a cart priced from the database (never a
 * client's price), an order made in one transaction with its stock reserved, its payment by card through the
 * ledger (exactly once), and the order as its buyer sees it. Only a site whose plan has the `shop` feature sells;
 * only online SKUs of online goods and online logistics of THIS site are offered.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BuyerOrder,
  PayOrderInput,
  PlaceOrderInput,
  QuoteInput,
  QuoteReply,
} from '../../../contract/api/shopReader';
import { Code } from '../../../contract/codes';
import {
  ORDER_PAYMENT_MINUTES,
  ORDER_STATUS,
  pickupLogisticName,
  SHOP_ORDER_PREFIX,
  shippingFee,
} from '../../../contract/shop';
import type { Db } from '../../db/client';
import type { ReaderContext } from '../../http/action';
import { AppError, FieldError } from '../../http/errors';
import { mediaUrlOf } from '../../shared/media';
import { defaultLang } from '../../shared/paths';
import { placeRows, placeWords } from '../content/places';
import { chargeByPrime, insertPending, openSlot, settleLedgerRow } from '../payments/ledger';
import { NOTIFY_PATH } from '../plans/payments';
import { orderPageUrl } from './links';
import { queuePaidMails } from './mail';
import { moveOrder, type OrderRow } from './moves';
import { nextPaymentNumber, type OrderPaymentRow, orderLedger, paymentsOfOrder } from './payments';
import { goods, goodsSkus, logistics, orderEvents, orderItems, orderPayments, orders } from './schema';
import { sellsShop } from './selling';
import { reserveStock } from './stock';

type Site = ReaderContext['publicSite'];

/** Refuses the buyers' calls of a site that does not sell. */
export async function assertSelling(db: Db, site: Pick<Site, 'serviceId'>): Promise<void> {
  if (!(await sellsShop(db, site))) throw new AppError(Code.GOODS_UNAVAILABLE);
}

/** The order's content language: the one asked for when the site shows it, else the site's default. */
const langOf = (site: Site, langId?: number) =>
  langId !== undefined && site.displayLanguages.includes(langId) ? langId : defaultLang(site);

type Cart = { sku_id: number; qty: number }[];
type Line = QuoteReply['lines'][number] & { sku_code: string };

/** The cart's lines as the database prices them now; SKUs not on sale on this site are `unavailable`. */
async function priceCart(
  db: Db,
  siteId: number,
  cart: Cart,
): Promise<{ lines: Line[]; unavailable: number[] }> {
  const rows = await db
    .select({
      skuId: goodsSkus.id,
      skuName: goodsSkus.name,
      code: goodsSkus.code,
      price: goodsSkus.price,
      qty: goodsSkus.qty,
      shift: goodsSkus.shift,
      goodsId: goods.id,
      goodsName: goods.name,
      slug: goods.slug,
      cover: goods.cover,
    })
    .from(goodsSkus)
    .innerJoin(goods, and(eq(goods.id, goodsSkus.goodsId), eq(goods.siteId, siteId)))
    .where(
      and(
        eq(goodsSkus.siteId, siteId),
        inArray(
          goodsSkus.id,
          cart.map((l) => l.sku_id),
        ),
        eq(goodsSkus.status, 'online'),
        eq(goods.status, 'online'),
      ),
    );
  const byId = new Map(rows.map((r) => [r.skuId, r]));
  const lines: Line[] = [];
  const unavailable: number[] = [];
  for (const item of cart) {
    const r = byId.get(item.sku_id);
    if (!r) {
      unavailable.push(item.sku_id);
      continue;
    }
    lines.push({
      sku_id: r.skuId,
      goods_id: r.goodsId,
      goods_name: r.goodsName,
      goods_slug: r.slug,
      sku_name: r.skuName,
      sku_code: r.code,
      cover: r.cover,
      price: r.price,
      qty: item.qty,
      amount: r.price * item.qty,
      available: r.qty,
      shift: r.shift,
    });
  }
  return { lines, unavailable };
}

const onlineLogistics = (db: Db, siteId: number) =>
  db
    .select()
    .from(logistics)
    .where(and(eq(logistics.siteId, siteId), eq(logistics.status, 'online')))
    .orderBy(asc(logistics.id));

type PlaceRows = Awaited<ReturnType<typeof placeRows>>;

/** The pickup places of `options` (issue 17), by id. */
const pickupPlaces = (
  db: Db,
  siteId: number,
  options: (typeof logistics.$inferSelect)[],
): Promise<PlaceRows> =>
  placeRows(
    db,
    siteId,
    options.flatMap((o) => (o.placeId === null ? [] : [o.placeId])),
  );

/** A pickup option's place in `langId` (each word falling back to the first language that has it), or null. */
function pickupOf(l: typeof logistics.$inferSelect, found: PlaceRows, langId: number) {
  const place = l.placeId === null ? undefined : found.get(l.placeId);
  return place ? placeWords(place, langId) : null;
}

const toOption = (l: typeof logistics.$inferSelect, found: PlaceRows, langId: number) => ({
  id: l.id,
  name: l.name,
  description: l.description,
  fee: l.fee,
  free_threshold: l.freeThreshold,
  pickup: pickupOf(l, found, langId),
});

export async function quote(ctx: ReaderContext, input: z.output<typeof QuoteInput>): Promise<QuoteReply> {
  const { db } = ctx.deps;
  const site = ctx.publicSite;
  await assertSelling(db, site);
  const { lines, unavailable } = await priceCart(db, site.id, input.items);
  const options = await onlineLogistics(db, site.id);
  const found = await pickupPlaces(db, site.id, options);
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  let shipping: number | null = null;
  if (input.logistic_id !== undefined) {
    const chosen = options.find((o) => o.id === input.logistic_id);
    if (!chosen) throw new AppError(Code.LOGISTICS_UNAVAILABLE);
    shipping = shippingFee(subtotal, { fee: chosen.fee, free_threshold: chosen.freeThreshold });
  }
  // The cover as the site's page loads it (uploads live on the admin's address: shared/media.ts).
  const media = mediaUrlOf(ctx.deps.config);
  return {
    lines: lines.map(({ sku_code: _code, ...line }) => ({ ...line, cover: media(line.cover) })),
    unavailable,
    subtotal,
    logistics: options.map((o) => toOption(o, found, langOf(site, input.lang_id))),
    shipping,
    total: subtotal + (shipping ?? 0),
  };
}

/** Ours, unique, unguessable (the buyer's only key): the site, the time, 64 random bits. At most ~32 characters. */
export const newShopOrderNumber = (siteId: number, now: number) =>
  `${SHOP_ORDER_PREFIX}${siteId}-${now.toString(36)}-${randomBytes(8).toString('hex')}`;

export async function placeOrder(
  ctx: ReaderContext,
  input: z.output<typeof PlaceOrderInput>,
): Promise<BuyerOrder> {
  const { deps } = ctx;
  const site = ctx.publicSite;
  await assertSelling(deps.db, site);
  const order = await deps.db.transaction(async (tx) => {
    const { lines, unavailable } = await priceCart(tx, site.id, input.items);
    if (unavailable.length)
      throw new AppError(Code.GOODS_UNAVAILABLE, undefined, { sku_id: unavailable[0], sku_ids: unavailable });
    const [option] = await tx
      .select()
      .from(logistics)
      .where(
        and(
          eq(logistics.siteId, site.id),
          eq(logistics.id, input.logistic_id),
          eq(logistics.status, 'online'),
        ),
      );
    if (!option) throw new AppError(Code.LOGISTICS_UNAVAILABLE);
    const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
    const fee = shippingFee(subtotal, { fee: option.fee, free_threshold: option.freeThreshold });
    const langId = langOf(site, input.lang_id);
    // A pickup option: the order keeps the place's name and address as they are now, in the order's language.
    const pickup = pickupOf(option, await pickupPlaces(tx, site.id, [option]), langId);
    if (!pickup && input.address.trim() === '')
      throw new FieldError({ address: { message: 'validation.required' } });
    const now = deps.now();
    const at = new Date(now);
    const [row] = await tx
      .insert(orders)
      .values({
        siteId: site.id,
        orderNumber: newShopOrderNumber(site.id, now),
        status: ORDER_STATUS.CREATED,
        readerId: ctx.reader?.id ?? null,
        buyerName: input.buyer.name,
        buyerEmail: input.buyer.email,
        buyerPhone: input.buyer.phone,
        address: input.address,
        note: input.note,
        langId,
        logisticId: option.id,
        logisticName: pickup ? pickupLogisticName(option.name, pickup) : option.name,
        logisticFee: fee,
        subtotal,
        total: subtotal + fee,
        expiresAt: new Date(now + ORDER_PAYMENT_MINUTES * 60_000),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        siteId: site.id,
        orderId: row.id,
        goodsId: l.goods_id,
        skuId: l.sku_id,
        goodsName: l.goods_name,
        skuName: l.sku_name,
        skuCode: l.sku_code,
        price: l.price,
        qty: l.qty,
        amount: l.amount,
      })),
    );
    await reserveStock(
      tx,
      site.id,
      lines.map((l) => ({ skuId: l.sku_id, qty: l.qty, name: `${l.goods_name} ${l.sku_name}`.trim() })),
    );
    await tx.insert(orderEvents).values({
      siteId: site.id,
      orderId: row.id,
      fromStatus: null,
      toStatus: ORDER_STATUS.CREATED,
      actor: 'buyer',
      at,
    });
    // Nothing to charge (free goods, free shipping): the gateway takes no NT$0 payment, so the order is paid now.
    if (row.total === 0) {
      const paid = await moveOrder(tx, {
        siteId: site.id,
        orderId: row.id,
        from: ORDER_STATUS.CREATED,
        to: ORDER_STATUS.PAID,
        actor: 'system',
        detail: 'free',
        at,
      });
      if (paid) await queuePaidMails(tx, deps, paid);
      return paid ?? row;
    }
    return row;
  });
  return toBuyerOrder(deps.db, order);
}

async function orderOf(ctx: ReaderContext, orderNumber: string): Promise<OrderRow> {
  const [row] = await ctx.deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, ctx.publicSite.id), eq(orders.orderNumber, orderNumber)));
  if (!row) throw new AppError(Code.NOT_FOUND);
  return row;
}

async function lastPayment(db: Db, orderId: number): Promise<OrderPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(desc(orderPayments.id))
    .limit(1);
  return row;
}

export async function toBuyerOrder(db: Db, order: OrderRow): Promise<BuyerOrder> {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const payment = await lastPayment(db, order.id);
  return {
    order_number: order.orderNumber,
    buyer_name: order.buyerName,
    status: order.status,
    lines: items.map((i) => ({
      goods_name: i.goodsName,
      sku_name: i.skuName,
      price: i.price,
      qty: i.qty,
      amount: i.amount,
    })),
    subtotal: order.subtotal,
    logistic_name: order.logisticName,
    logistic_fee: order.logisticFee,
    logistic_code: order.logisticCode,
    total: order.total,
    expires_at: order.expiresAt?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
    payment: payment ? { status: payment.status } : null,
  };
}

/**
 * The order named by its number, or by one of its charges' numbers: the gateway's 3-D Secure window comes back to
 * the order page with the charge's `order_number` (`<order>-p<n>`).
 */
async function orderOfAnyNumber(ctx: ReaderContext, number: string): Promise<OrderRow> {
  const [charge] = await ctx.deps.db
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(and(eq(orderPayments.siteId, ctx.publicSite.id), eq(orderPayments.orderNumber, number)));
  if (!charge) return orderOf(ctx, number);
  const [row] = await ctx.deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, ctx.publicSite.id), eq(orders.id, charge.orderId)));
  if (!row) throw new AppError(Code.NOT_FOUND);
  return row;
}

/**
 * The order as its buyer sees it (named by its number or a charge's); a payment still pending is settled with the
 * gateway first (3-D Secure's return lands on the order page, which calls this).
 */
export async function getOrder(ctx: ReaderContext, number: string): Promise<BuyerOrder> {
  const { deps } = ctx;
  let order = await orderOfAnyNumber(ctx, number);
  const orderNumber = order.orderNumber;
  const payment = await lastPayment(deps.db, order.id);
  if (payment?.status === 'pending') {
    await settleLedgerRow(deps, orderLedger(deps), payment, 'keep');
    order = await orderOf(ctx, orderNumber);
  }
  return toBuyerOrder(deps.db, order);
}

/** Pays an unpaid order: one charge row, the card's prime with 3-D Secure back to the order page. */
export async function payOrder(ctx: ReaderContext, input: z.output<typeof PayOrderInput>) {
  const { deps } = ctx;
  const site = ctx.publicSite;
  await assertSelling(deps.db, site);
  const order = await orderOf(ctx, input.order_number);
  if (order.status !== ORDER_STATUS.CREATED) throw new AppError(Code.ORDER_NOT_PAYABLE);
  if (!order.expiresAt || order.expiresAt.getTime() <= deps.now()) throw new AppError(Code.ORDER_EXPIRED);
  const ledger = orderLedger(deps);
  const open = (await paymentsOfOrder(deps.db, order.id)).filter((p) => p.status === 'pending');
  await openSlot(deps, ledger, open);
  // The open payment may just have been found paid.
  const [now] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  if (now?.status !== ORDER_STATUS.CREATED) throw new AppError(Code.ORDER_NOT_PAYABLE);
  const payment = await insertPending(deps.db, ledger, {
    siteId: site.id,
    orderId: order.id,
    orderNumber: await nextPaymentNumber(deps.db, order),
    amount: order.total,
    createdAt: new Date(deps.now()),
  });
  const { row, redirectUrl } = await chargeByPrime(deps, ledger, payment, {
    details: `Order ${order.orderNumber}`.slice(0, 100),
    cardholder: { name: input.cardholder.name, email: order.buyerEmail, phone: input.cardholder.phone ?? '' },
    prime: input.prime,
    threeDomainSecure: {
      returnUrl: orderPageUrl(site, deps.config, order.langId, order.orderNumber),
      notifyUrl: `${deps.config.publicUrl}${NOTIFY_PATH}`,
    },
  });
  return {
    order_number: order.orderNumber,
    status: row.status,
    ...(redirectUrl && { redirect_url: redirectUrl }),
  };
}
