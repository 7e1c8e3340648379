/**
 * What the shop's public pages read: whether a site sells (its plan's `shop` feature), a page of its online goods
 * (newest first, with the price range and stock of their online SKUs), and one online product with its online SKUs.
 * Every query is scoped to the site.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { goods, goodsSkus } from '../../modules/shop/schema';

/** Goods on one page of /shop. */
export const SHOP_PAGE_SIZE = 12;

export type GoodsRow = typeof goods.$inferSelect;
export type SkuRow = typeof goodsSkus.$inferSelect;

const online = (siteId: number) => and(eq(goods.siteId, siteId), eq(goods.status, 'online'));

/**
 * The prices and the units left of a product's online SKUs, aggregated in the database (written out: drizzle leaves
 * a column of the outer table unqualified inside a subquery).
 */
const ownSkus = sql.raw(
  `from goods_skus s where s.goods_id = "goods"."id" and s.site_id = "goods"."site_id" and s.status = 'online'`,
);
const skuSummary = {
  prices: sql<number[] | null>`(select array_agg(s.price) ${ownSkus})`,
  left: sql<number>`(select coalesce(sum(s.qty), 0)::int ${ownSkus})`,
};

export interface ListedGoods {
  row: GoodsRow;
  prices: number[];
  left: number;
}

/** A page (from 1) of the site's online goods, newest first, and how many there are. */
export async function onlineGoods(
  db: Db,
  siteId: number,
  page: number,
): Promise<{ total: number; rows: ListedGoods[] }> {
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(goods).where(online(siteId)),
    db
      .select({ row: goods, ...skuSummary })
      .from(goods)
      .where(online(siteId))
      .orderBy(desc(goods.createdAt), desc(goods.id))
      .limit(SHOP_PAGE_SIZE)
      .offset((page - 1) * SHOP_PAGE_SIZE),
  ]);
  return {
    total,
    rows: rows.map((r) => ({ row: r.row, prices: (r.prices ?? []).map(Number), left: Number(r.left) })),
  };
}

/** An online product of the site by its slug, or by its id when it has none; null when there is no such one. */
export async function onlineProduct(db: Db, siteId: number, key: string): Promise<GoodsRow | null> {
  const bySlug = await db
    .select()
    .from(goods)
    .where(and(online(siteId), eq(goods.slug, key)));
  if (bySlug[0]) return bySlug[0];
  if (!/^[1-9]\d{0,9}$/.test(key) || Number(key) > 2_147_483_647) return null;
  const [byId] = await db
    .select()
    .from(goods)
    .where(and(online(siteId), eq(goods.id, Number(key)), eq(goods.slug, '')));
  return byId ?? null;
}

/** A product's online SKUs in their order. */
export function onlineSkus(db: Db, siteId: number, goodsId: number): Promise<SkuRow[]> {
  return db
    .select()
    .from(goodsSkus)
    .where(and(eq(goodsSkus.siteId, siteId), eq(goodsSkus.goodsId, goodsId), eq(goodsSkus.status, 'online')))
    .orderBy(asc(goodsSkus.position), asc(goodsSkus.id));
}
