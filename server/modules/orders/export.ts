/**
 * `order/export`'s rows (the orders entity's export, contract/entities/orders.ts; served by server/entities): the
 * orders of the list's current filter, one row per item with its order's columns (an order without items is one
 * row), statuses in the caller's language, times in the site's time zone. The header and the CSV reply are the
 * entity layer's (http/csv.ts).
 */

import type { orders } from '../../../contract/entities/orders';
import type { ExportColumns } from '../../../contract/entity';
import type { ListQuery } from '../../../contract/list';
import type { SiteContext } from '../../http/action';
import { wallStamp } from '../../http/csv';
import { t } from '../../i18n';
import { siteTimeZone } from '../tenancy/listQuery';
import { exportRows } from './service';

type Row = Record<ExportColumns<typeof orders>, string>;

export async function orderCsvRows(ctx: SiteContext, query: ListQuery): Promise<Row[]> {
  const { db } = ctx.deps;
  const zone = await siteTimeZone(db, ctx.site.id);
  const found = await exportRows(db, ctx.site.id, query);
  return found.flatMap(({ order: o, items }) => {
    const head = {
      order_number: o.orderNumber,
      created: wallStamp(o.createdAt, zone),
      status: t(ctx.lang, `orders.status.${o.status}`),
      buyer_name: o.buyerName,
      buyer_email: o.buyerEmail,
      buyer_phone: o.buyerPhone,
      address: o.address,
      note: o.note,
      logistics: o.logisticName,
      tracking_code: o.logisticCode,
      subtotal: String(o.subtotal),
      shipping: String(o.logisticFee),
      total: String(o.total),
    };
    const none = { goods: '', sku: '', sku_code: '', price: '', qty: '', amount: '' };
    if (items.length === 0) return [{ ...head, ...none }];
    return items.map((i) => ({
      ...head,
      goods: i.goodsName,
      sku: i.skuName,
      sku_code: i.skuCode,
      price: String(i.price),
      qty: String(i.qty),
      amount: String(i.amount),
    }));
  });
}
