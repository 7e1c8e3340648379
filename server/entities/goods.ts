/**
 * The product's own rules (contract/entities/goods.ts): the product and its SKUs written in one transaction (SKUs
 * synced by id: changed, added at their place, removed — an order keeps its copy of a removed one), a slug made free
 * from the name, SKU codes unique per site without case (SKU_CODE_TAKEN on the SKU's code), and for each record its
 * SKUs, price range, stock and stock warning; and the bulk on/offline (contract/api/goods.ts).
 */
import { and, asc, eq, inArray, like, ne, notInArray, sql } from 'drizzle-orm';
import { goodsApi } from '../../contract/api/goods';
import { Code } from '../../contract/codes';
import { goods as goodsEntity } from '../../contract/entities/goods';
import type { EntitySave } from '../../contract/entity';
import { LOW_STOCK } from '../../contract/shop';
import { slugify, slugWithSuffix } from '../../contract/slug';
import type { Db } from '../db/client';
import { constraintOf, isUniqueViolation } from '../db/errors';
import { action } from '../http/action';
import { AppError, duplicate, FieldError, notFound } from '../http/errors';
import { goods, goodsSkus } from '../modules/shop/schema';
import { bumpRender } from '../modules/tenancy/invalidate';
import { entityHooks } from './hooks';

/** A checked save of a product, and one of its SKUs. */
type GoodsSave = EntitySave<typeof goodsEntity>;
type SkuInput = GoodsSave['skus'][number];

type SkuRow = typeof goodsSkus.$inferSelect;

/** `base`, or `base-2`, `base-3` … whichever no other product of the site has. */
async function freeSlug(db: Db, siteId: number, base: string, id: number): Promise<string> {
  const rows = await db
    .select({ slug: goods.slug })
    .from(goods)
    .where(
      and(
        eq(goods.siteId, siteId),
        like(goods.slug, `${base.slice(0, 40)}%`),
        id ? ne(goods.id, id) : undefined,
      ),
    );
  const used = new Set(rows.map((r) => r.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = slugWithSuffix(base, n);
  return slug;
}

/** The SKU fields of a save as columns, with the SKU's place in the list. */
const skuValues = (sku: SkuInput, position: number) => ({
  name: sku.name,
  code: sku.code,
  price: sku.price,
  qty: sku.qty,
  shift: sku.shift,
  status: sku.status,
  position,
  updatedAt: new Date(),
});

async function writeGoods(db: Db, siteId: number, input: GoodsSave) {
  const { skus } = input;
  const id = input.id;
  if (id) {
    const [found] = await db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.siteId, siteId), eq(goods.id, id)));
    if (!found) throw notFound();
  }
  // Existing SKU ids must be this product's.
  const own = id
    ? await db
        .select({ id: goodsSkus.id })
        .from(goodsSkus)
        .where(and(eq(goodsSkus.siteId, siteId), eq(goodsSkus.goodsId, id)))
    : [];
  const ownIds = new Set(own.map((r) => r.id));
  const bad: FieldError['fields'] = {};
  skus.forEach((sku, i) => {
    if (sku.id && !ownIds.has(sku.id)) bad[`skus.${i}.id`] = { message: 'validation.format' };
  });
  if (Object.keys(bad).length) throw new FieldError(bad);

  // Codes another product of the site holds (this product's own may move between its SKUs).
  const lowered = skus.map((s) => s.code.toLowerCase());
  if (lowered.length) {
    const taken = await db
      .select({ code: sql<string>`lower(${goodsSkus.code})` })
      .from(goodsSkus)
      .where(
        and(
          eq(goodsSkus.siteId, siteId),
          inArray(sql`lower(${goodsSkus.code})`, lowered),
          id ? ne(goodsSkus.goodsId, id) : undefined,
        ),
      );
    const codes = new Set(taken.map((r) => r.code));
    lowered.forEach((code, i) => {
      if (codes.has(code)) bad[`skus.${i}.code`] = { message: `errors.${Code.SKU_CODE_TAKEN}` };
    });
    if (Object.keys(bad).length) throw new FieldError(bad);
  }

  if (input.slug) {
    const [other] = await db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.siteId, siteId), eq(goods.slug, input.slug), id ? ne(goods.id, id) : undefined))
      .limit(1);
    if (other) throw duplicate('slug');
  }
  const slug = input.slug || (await freeSlug(db, siteId, slugify(input.name) || 'goods', id));

  const { name, intro, content, cover, gallery, status, tags } = input;
  const values = { name, slug, intro, content, cover, gallery, status, tags };
  try {
    return await db.transaction(async (tx) => {
      const [row] = id
        ? await tx
            .update(goods)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(goods.siteId, siteId), eq(goods.id, id)))
            .returning({ id: goods.id })
        : await tx
            .insert(goods)
            .values({ ...values, siteId })
            .returning({ id: goods.id });
      if (!row) throw notFound();
      const kept = skus.filter((s) => s.id).map((s) => s.id);
      // Removed SKUs go (order items keep their copies; their sku_id becomes null).
      await tx
        .delete(goodsSkus)
        .where(
          and(
            eq(goodsSkus.goodsId, row.id),
            eq(goodsSkus.siteId, siteId),
            kept.length ? notInArray(goodsSkus.id, kept) : undefined,
          ),
        );
      // Codes may move between this product's SKUs: free them first ('#' is no code's character).
      if (kept.length)
        await tx
          .update(goodsSkus)
          .set({ code: sql`${goodsSkus.code} || '#' || ${goodsSkus.id}` })
          .where(and(eq(goodsSkus.goodsId, row.id), inArray(goodsSkus.id, kept)));
      for (const [position, sku] of skus.entries()) {
        if (sku.id)
          await tx
            .update(goodsSkus)
            .set(skuValues(sku, position))
            .where(and(eq(goodsSkus.goodsId, row.id), eq(goodsSkus.id, sku.id)));
        else await tx.insert(goodsSkus).values({ ...skuValues(sku, position), siteId, goodsId: row.id });
      }
      return row.id;
    });
  } catch (err) {
    // Another save took the slug or a code between the check and the write.
    if (!isUniqueViolation(err)) throw err;
    if (constraintOf(err) === 'goods_site_slug_uq') throw duplicate('slug');
    throw new AppError(Code.SKU_CODE_TAKEN);
  }
}

/** A SKU as the record shows it. */
const skuOf = (s: SkuRow) => ({
  id: s.id,
  name: s.name,
  code: s.code,
  price: s.price,
  qty: s.qty,
  shift: s.shift,
  status: s.status,
});

/** The list's warning: an online SKU sold out, or every online SKU at LOW_STOCK or under. */
function alertOf(skus: SkuRow[]): 'out' | 'low' | null {
  const online = skus.filter((s) => s.status === 'online');
  if (!online.length) return null;
  if (online.some((s) => s.qty === 0)) return 'out';
  return online.every((s) => s.qty <= LOW_STOCK) ? 'low' : null;
}

export const hooks = entityHooks(goodsEntity, {
  derive: async (rows, ctx) => {
    const ids = rows.map((r) => r.id);
    const skus = ids.length
      ? await ctx.deps.db
          .select()
          .from(goodsSkus)
          .where(and(eq(goodsSkus.siteId, ctx.site.id), inArray(goodsSkus.goodsId, ids)))
          .orderBy(asc(goodsSkus.position), asc(goodsSkus.id))
      : [];
    const byGoods = new Map<number, SkuRow[]>();
    for (const s of skus) byGoods.set(s.goodsId, [...(byGoods.get(s.goodsId) ?? []), s]);
    return (row) => {
      const own = byGoods.get(row.id) ?? [];
      const prices = own.map((s) => s.price);
      return {
        skus: own.map(skuOf),
        prices: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
        stock: own.reduce((sum, s) => sum + s.qty, 0),
        stock_alert: alertOf(own),
      };
    };
  },
  write: (input, ctx) => writeGoods(ctx.deps.db, ctx.site.id, input),
  actions: [
    action({
      ...goodsApi.status,
      handler: async (input, ctx) => {
        const ids = [...new Set(input.ids)];
        const changed = await ctx.deps.db.transaction(async (tx) => {
          const rows = await tx
            .update(goods)
            .set({ status: input.status, updatedAt: new Date() })
            .where(and(eq(goods.siteId, ctx.site.id), inArray(goods.id, ids)))
            .returning({ id: goods.id });
          // All of the site's, or nothing: one id that is not rolls the rest back.
          if (rows.length !== ids.length) throw notFound();
          return rows.map((r) => r.id).sort((a, b) => a - b);
        });
        await bumpRender(ctx.deps.db, ctx.site.id);
        return { ids: changed };
      },
    }),
  ],
});
