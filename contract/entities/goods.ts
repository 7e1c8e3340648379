/**
 * Goods (issue 15, SPEC §3 Product and SKU): a product with its words, pictures, status and the site's tags, and its
 * SKUs (what is bought: a name, a code unique per site, a price, the units free to sell, the shipping lead time
 * `shift` and a status), edited with the product and saved with it in one transaction (server/entities/goods.ts).
 * The list shows each product's price range, its stock and a warning when it runs out.
 */
import { z } from 'zod';
import { defineEntity, field } from '../entity';
import { bounded, f, ruled } from '../fields';
import { PATTERNS } from '../patterns';
import { RESOURCE_PERMISSIONS } from '../permissions';
import {
  GALLERY_MAX,
  PRICE_MAX,
  SHIFT_MAX_DAYS,
  SHOP_STATUSES,
  SKU_CODE_MAX,
  SKU_QTY_MAX,
  SKUS_MAX,
} from '../shop';
import { rules } from '../validation';

export const GOODS_NAME_MAX = 100;
export const GOODS_INTRO_MAX = 300;
/** The product page's rich text (HTML), in characters. */
export const GOODS_CONTENT_MAX = 50_000;
export const SKU_NAME_MAX = 60;

/** A SKU code: letters, digits, '-', '_' and '.'; unique per site without case. */
const skuCode = () =>
  ruled(bounded(SKU_CODE_MAX), rules.required, (v) =>
    PATTERNS.skuCode.re.test(v) ? undefined : { message: 'validation.format' },
  );

/** The stock warning of the list: an online SKU sold out, or every online SKU at LOW_STOCK or under. */
export const STOCK_ALERTS = ['out', 'low'] as const;

export const goods = defineEntity({
  name: 'goods',
  table: 'goods',
  title: 'name',
  fields: {
    cover: field.image({ list: true }),
    name: field.text(f.requiredText(GOODS_NAME_MAX), { list: true, filter: 'search', sort: true }),
    slug: field.slug('name'),
    intro: field.longText(f.text(GOODS_INTRO_MAX).default('')),
    content: field.richText(f.text(GOODS_CONTENT_MAX).default('')),
    gallery: field.images({ max: GALLERY_MAX }),
    status: field.enum(SHOP_STATUSES, { list: true, filter: 'in', sort: true }),
    tags: field.references('tag', { filter: 'in', max: 50 }),
    skus: field.list(
      {
        /** 0: a new SKU; else one of this product's. */
        id: field.number(f.uint().default(0)),
        name: field.text(f.requiredText(SKU_NAME_MAX)),
        code: field.text(skuCode()),
        price: field.money({ max: PRICE_MAX }),
        qty: field.number(f.uint().max(SKU_QTY_MAX)),
        shift: field.number(f.uint().max(SHIFT_MAX_DAYS).default(0)),
        // Online unless sent: a SKU added to a product is for sale with it.
        status: field.enum(['online', 'offline']),
      },
      { max: SKUS_MAX },
    ),
    /** The lowest and highest SKU price (null without SKUs). */
    prices: field.readOnly(z.object({ min: z.number(), max: z.number() }).nullable(), { list: true }),
    /** Units free to sell, all SKUs together. */
    stock: field.readOnly(z.number(), { list: true }),
    /** Shown in the stock column, beside the total. */
    stock_alert: field.readOnly(z.enum(STOCK_ALERTS).nullable()),
    created_at: field.dateTime({ sort: true }),
    updated_at: field.dateTime({ sort: true }),
  },
  paths: { list: 'product/list', get: 'product/get', save: 'product/save', delete: 'product/delete' },
  permissions: RESOURCE_PERMISSIONS.goods,
  feature: 'shop',
  defaultSort: { col: 'id', order: 'desc' },
  refine: (record, ctx) => {
    // A code once per product (the server checks the rest of the site).
    const seen = new Set<string>();
    const skus = Array.isArray(record.skus) ? (record.skus as { code: string }[]) : [];
    skus.forEach((sku, i) => {
      const code = sku.code.toLowerCase();
      if (seen.has(code))
        ctx.addIssue({ code: 'custom', path: ['skus', i, 'code'], message: 'validation.duplicate' });
      seen.add(code);
    });
  },
  menu: { group: 'shop', order: 10, icon: () => import('@mui/icons-material/Inventory2Outlined') },
});
