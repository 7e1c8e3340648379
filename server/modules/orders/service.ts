/**
 * Orders in the back-office (/orders, /orders/{id}): the list with its filters, one order with its items, events and
 * payments, the export's orders with their items — what the orders entity's hooks answer (server/entities/orders.ts)
 * — and staff's moves (`order/save`): ship with the tracking code (the buyer is mailed), complete, and invalidate
 * (stock back; a paid order's money refunded first, shop/refund.ts). Every move goes through shop/moves.ts moveOrder
 * with actor `staff`. Always inside the caller's site; another site's order is 404.
 */
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { CONTENT_LANGUAGES, type Locale } from '../../../contract/constants';
import type { OrderDetail, OrderRow } from '../../../contract/entities/orders';
import { ENTITY_EXPORT_MAX } from '../../../contract/entity';
import type { ListQuery, ListResult } from '../../../contract/list';
import type { OrderEvent, OrderItem, OrderPayment, OrderSave } from '../../../contract/orders';
import { formatTwd, ORDER_STATUS, type OrderStatus, staffMoves } from '../../../contract/shop';
import { wallTime } from '../../../contract/zoned';
import type { Db } from '../../db/client';
import type { SiteContext } from '../../http/action';
import { AppError, notFound } from '../../http/errors';
import { localeOfLanguage, t } from '../../i18n';
import { moveOrder, type OrderRow as OrderRecord } from '../shop/moves';
import { claimRefund, refundClaimed, refundedAtGateway, refundUnderWay } from '../shop/refund';
import { orderEvents, orderItems, orderPayments, orders } from '../shop/schema';
import { listConditions, type QuerySpec, siteTimeZone } from '../tenancy/listQuery';
import { sites, users } from '../tenancy/schema';

/** An item of the order matches the SKU filter (its code, SKU name or product name), as EXISTS. */
const skuMatch = (pattern: string) =>
  sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and (${ilike(
    orderItems.skuCode,
    pattern,
  )} or ${ilike(orderItems.skuName, pattern)} or ${ilike(orderItems.goodsName, pattern)}))`;

const spec: QuerySpec = {
  filters: {
    id: { in: { ints: true, where: (ids) => inArray(orders.id, ids as number[]) } },
    status: { in: { ints: true, where: (v) => inArray(orders.status, v as OrderStatus[]) } },
    keyword: {
      search: (p) =>
        or(
          ilike(orders.orderNumber, p),
          ilike(orders.buyerName, p),
          ilike(orders.buyerEmail, p),
          ilike(orders.buyerPhone, p),
        ),
    },
    sku: { search: (p) => skuMatch(p) },
  },
  createdAt: orders.createdAt,
  sorts: { id: orders.id, created_at: orders.createdAt, total: orders.total, status: orders.status },
  defaultSort: { col: 'created_at', order: 'desc' },
  id: orders.id,
};

/** Units ordered (qualified names: drizzle leaves columns unqualified in a one-table select). */
const unitCount = sql<number>`(select coalesce(sum(oi.qty), 0)::int from order_items oi where oi.order_id = "orders"."id")`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toRow = (r: OrderRecord & { units: number }): OrderRow => ({
  id: r.id,
  order_number: r.orderNumber,
  status: r.status,
  buyer_name: r.buyerName,
  buyer_email: r.buyerEmail,
  buyer_phone: r.buyerPhone,
  items: Number(r.units),
  total: r.total,
  created_at: r.createdAt.toISOString(),
});

async function whereOf(db: Db, siteId: number, query: Pick<ListQuery, 'filters' | 'sort'>) {
  const { conditions, orderBy } = listConditions(spec, query, await siteTimeZone(db, siteId));
  return { where: and(eq(orders.siteId, siteId), ...conditions) as SQL, orderBy };
}

export async function listOrders(db: Db, siteId: number, query: ListQuery): Promise<ListResult<OrderRow>> {
  const { where, orderBy } = await whereOf(db, siteId, query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ order: orders, units: unitCount })
      .from(orders)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return {
    rows: rows.map((r) => toRow(Object.assign({}, r.order, { units: r.units }))),
    total: Number(total),
  };
}

const staffName = (u: { nickname: string | null; email: string | null }) => u.nickname || u.email || '';

/** One order of the site with its items, events and payments; another site's (or no) order is 404. */
export async function getOrder(db: Db, siteId: number, id: number): Promise<OrderDetail> {
  const [found] = await db
    .select({ order: orders, units: unitCount })
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.id, id)));
  if (!found) throw notFound();
  const o = found.order;
  const [lines, events, payments] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.siteId, siteId), eq(orderItems.orderId, id)))
      .orderBy(asc(orderItems.id)),
    db
      .select({ event: orderEvents, nickname: users.nickname, email: users.email })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.userId))
      .where(and(eq(orderEvents.siteId, siteId), eq(orderEvents.orderId, id)))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.siteId, siteId), eq(orderPayments.orderId, id)))
      .orderBy(asc(orderPayments.createdAt), asc(orderPayments.id)),
  ]);
  return {
    ...toRow(Object.assign({}, o, { units: found.units })),
    address: o.address,
    note: o.note,
    lang_id: o.langId,
    logistic_name: o.logisticName,
    logistic_fee: o.logisticFee,
    logistic_code: o.logisticCode,
    subtotal: o.subtotal,
    expires_at: iso(o.expiresAt),
    paid_at: iso(o.paidAt),
    shipped_at: iso(o.shippedAt),
    completed_at: iso(o.completedAt),
    invalid_at: iso(o.invalidAt),
    lines: lines.map(
      (l): OrderItem => ({
        id: l.id,
        goods_id: l.goodsId,
        sku_id: l.skuId,
        goods_name: l.goodsName,
        sku_name: l.skuName,
        sku_code: l.skuCode,
        price: l.price,
        qty: l.qty,
        amount: l.amount,
      }),
    ),
    events: events.map(
      ({ event: e, nickname, email }): OrderEvent => ({
        id: e.id,
        from_status: e.fromStatus,
        to_status: e.toStatus,
        actor: e.actor,
        staff: e.actor === 'staff' ? staffName({ nickname, email }) : null,
        detail: e.detail,
        at: e.at.toISOString(),
      }),
    ),
    payments: payments.map(
      (p): OrderPayment => ({
        id: p.id,
        order_number: p.orderNumber,
        amount: p.amount,
        status: p.status,
        trade_id: p.recTradeId,
        created_at: p.createdAt.toISOString(),
        paid_at: iso(p.paidAt),
      }),
    ),
    moves: staffMoves(o.status),
  };
}

/** 3520 with both statuses named in the caller's language. */
const illegal = (lang: Locale, from: OrderStatus, to: OrderStatus) =>
  new AppError(
    Code.ORDER_ILLEGAL_MOVE,
    undefined,
    { from, to },
    {
      from: t(lang, `orders.status.${from}`),
      to: t(lang, `orders.status.${to}`),
    },
  );

async function currentStatus(db: Db, siteId: number, id: number): Promise<OrderStatus> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.id, id)));
  if (!row) throw notFound();
  return row.status;
}

/**
 * `order/save {id, status, code}`: one legal staff move from the order's present status. Shipping needs the
 * tracking code (3521), kept on the order and in the event, and mails the buyer. Invalidating a paid order refunds
 * its payment first; a refund the gateway refuses leaves the order paid (3525). A move someone else made first (the
 * order is no longer where it was read) answers 3520 from where it is now.
 */
export async function saveOrder(ctx: SiteContext, input: OrderSave): Promise<OrderDetail> {
  const { db } = ctx.deps;
  const siteId = ctx.site.id;
  const from = await currentStatus(db, siteId, input.id);
  const to = input.status;
  if (!staffMoves(from).includes(to)) throw illegal(ctx.lang, from, to);
  const code = input.code ?? '';
  if (to === ORDER_STATUS.SHIPPED && code === '') throw new AppError(Code.ORDER_CODE_REQUIRED);

  const refunding = from === ORDER_STATUS.PAID && to === ORDER_STATUS.INVALID;
  const claim = refunding ? await claimRefund(db, siteId, input.id) : null;
  // A refund under way is someone else's, unless the gateway already gave the money back: then one that stopped
  // half way is finished here.
  const finished =
    claim?.kind === 'busy' && claim.claimed && (await refundedAtGateway(ctx.deps, claim.claimed));
  if (claim?.kind === 'busy' && !finished)
    throw illegal(ctx.lang, await currentStatus(db, siteId, input.id), to);
  if (claim?.kind === 'claimed') await refundClaimed(ctx.deps, claim.payment);

  const at = new Date(ctx.deps.now());
  const moved = await db.transaction(async (tx) => {
    const db2 = tx as unknown as Db;
    const row = await moveOrder(db2, {
      siteId,
      orderId: input.id,
      from,
      to,
      actor: 'staff',
      userId: ctx.user.id,
      detail: to === ORDER_STATUS.SHIPPED ? code : claim?.kind === 'claimed' || finished ? 'refunded' : '',
      set: to === ORDER_STATUS.SHIPPED ? { logisticCode: code } : undefined,
      at,
    });
    // Never shipped while its refund is under way: the refund claims the payment with the order row locked, and
    // this check runs with the row locked by the move, so one of the two sees the other.
    if (row && to === ORDER_STATUS.SHIPPED && (await refundUnderWay(db2, input.id)))
      throw illegal(ctx.lang, from, to);
    return row;
  });
  if (!moved && claim?.kind === 'claimed')
    ctx.deps.log.error({ order: input.id }, 'an order refunded for invalidation was moved by someone else');
  if (!moved) throw illegal(ctx.lang, await currentStatus(db, siteId, input.id), to);
  if (to === ORDER_STATUS.SHIPPED) await mailShipped(ctx, moved);
  return getOrder(db, siteId, input.id);
}

/** The buyer's language: the content language they ordered in, as an interface locale. */
const buyerLocale = (langId: number): Locale =>
  localeOfLanguage(CONTENT_LANGUAGES.find((l) => l.id === langId)?.iso ?? 'zh-TW');

/** A header line: no line breaks, bounded. */
const oneLine = (text: string, max = 200) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

/** Mails the buyer that the order shipped: its number, items and tracking code, in the order's language. */
async function mailShipped(ctx: SiteContext, order: OrderRecord) {
  const { db } = ctx.deps;
  const lang = buyerLocale(order.langId);
  try {
    const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, order.siteId));
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const items = lines
      .map((l) =>
        t(lang, 'orders.mail.item', {
          name: l.skuName ? `${l.goodsName} (${l.skuName})` : l.goodsName,
          qty: l.qty,
          amount: formatTwd(l.amount),
        }),
      )
      .join('\n');
    await ctx.deps.outbox.enqueue({
      to: order.buyerEmail,
      subject: t(lang, 'orders.mail.subject', { site: oneLine(site?.name ?? ''), number: order.orderNumber }),
      text: t(lang, 'orders.mail.body', {
        name: order.buyerName,
        site: site?.name ?? '',
        number: order.orderNumber,
        items,
        total: formatTwd(order.total),
        logistics: order.logisticName,
        code: order.logisticCode,
      }),
    });
  } catch (err) {
    // The order is shipped either way; staff see it, and the buyer can look the order up.
    ctx.deps.log.error({ err, order: order.orderNumber }, 'the shipping mail could not be queued');
  }
}

// ---------------------------------------------------------------------------------------------------------- export

/** Every order of the filter (at most ENTITY_EXPORT_MAX), in the list's order, with its items. */
export async function exportRows(db: Db, siteId: number, query: ListQuery) {
  const { where, orderBy } = await whereOf(db, siteId, query);
  const found = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...orderBy)
    .limit(ENTITY_EXPORT_MAX);
  const items = new Map<number, (typeof orderItems.$inferSelect)[]>();
  const ids = found.map((o) => o.id);
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.siteId, siteId), inArray(orderItems.orderId, ids.slice(i, i + 1000))))
      .orderBy(asc(orderItems.orderId), asc(orderItems.id));
    for (const item of chunk) items.set(item.orderId, [...(items.get(item.orderId) ?? []), item]);
  }
  return found.map((order) => ({ order, items: items.get(order.id) ?? [] }));
}

export const dayOf = (d: Date, timeZone: string) => {
  const w = wallTime(d, timeZone);
  return `${w.date} ${w.time}`;
};
