/**
 * `order/export`: the orders of the list's current filter as CSV, one row per item with its order's columns (an
 * order without items is one row), as CSV (http/csv.ts): the header and statuses in the caller's language, times
 * in the site's time zone.
 */
import { eq } from 'drizzle-orm';
import type { ListQuery } from '../../../contract/list';
import type { SiteContext } from '../../http/action';
import { sendCsv, wallStamp } from '../../http/csv';
import { t } from '../../i18n';
import { sites } from '../tenancy/schema';
import { exportRows } from './service';

const COLUMNS = [
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
] as const;

export async function exportOrders(ctx: SiteContext, query: ListQuery): Promise<string> {
  const { db } = ctx.deps;
  const lang = ctx.lang;
  const [site] = await db.select().from(sites).where(eq(sites.id, ctx.site.id));
  const rows = await exportRows(db, site.id, query);
  return sendCsv(ctx, {
    kind: 'orders',
    site,
    header: COLUMNS.map((c) => t(lang, `orders.csv.${c}`)),
    rows: rows.flatMap(({ order: o, items }) => {
      const head = [
        o.orderNumber,
        wallStamp(o.createdAt, site.timezone),
        t(lang, `orders.status.${o.status}`),
        o.buyerName,
        o.buyerEmail,
        o.buyerPhone,
        o.address,
        o.note,
        o.logisticName,
        o.logisticCode,
      ];
      const tail = [String(o.subtotal), String(o.logisticFee), String(o.total)];
      if (items.length === 0) return [[...head, '', '', '', '', '', '', ...tail]];
      return items.map((i) => [
        ...head,
        i.goodsName,
        i.skuName,
        i.skuCode,
        String(i.price),
        String(i.qty),
        String(i.amount),
        ...tail,
      ]);
    }),
  });
}
