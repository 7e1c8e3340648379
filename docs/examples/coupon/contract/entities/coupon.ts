/**
 * A throw-away entity, the example of docs/entities.md (docs/examples/coupon/): discount codes of the
 * shop. What a new entity is — this declaration, its table (../../table.ts, ../../migration.sql) and its words
 * (../../i18n/<lang>/entities/coupon.ts) — with an editable date and moment, permissions of its own in the role
 * editor's shop group, and a place in the shop menu. Its files sit as they would in the tree, so
 * `cp -r docs/examples/coupon/contract docs/examples/coupon/i18n .` adds it as written; tests/api/conformance.test.ts
 * runs its generated tests from here on every `npm test`.
 */
import { defineEntity, field } from '../entity';
import { bounded, f, ruled } from '../fields';
import { PATTERNS } from '../patterns';
import { PRICE_MAX } from '../shop';
import { rules } from '../validation';

export const COUPON_CODE_MIN = 4;
export const COUPON_CODE_MAX = 16;

/** What a buyer types: letters, digits, '-', '_' or '.', 4 to 16 of them; unique per site. */
const code = ruled(
  bounded(COUPON_CODE_MAX),
  rules.required,
  (v) => rules.minLength(v, COUPON_CODE_MIN),
  (v) => (PATTERNS.skuCode.re.test(v) ? undefined : { message: 'validation.format' }),
);

export const coupon = defineEntity({
  name: 'coupon',
  table: 'coupons',
  title: 'code',
  fields: {
    code: field.text(code, { list: true, filter: 'search', sort: true }),
    title: field.text(f.requiredText(60), { list: true }),
    /** Percent off the order, 1 to 90. */
    percent: field.number(f.uint().min(1).max(90), { list: true, sort: true }),
    /** The least order it applies to (0: any). */
    min_order: field.money({ max: PRICE_MAX }),
    /** Only these products (none: the whole shop). */
    goods_ids: field.references('goods', { max: 50 }),
    /** The first day it is good for, in the site's calendar. */
    starts_on: field.date({ list: true, sort: true }),
    /** When it stops, on the site's clock; none: never. */
    ends_at: field.dateTime({ editable: true, optional: true, list: true, sort: true }),
    active: field.switch({ list: true, filter: 'in' }),
    created_at: field.dateTime({ sort: true }),
    updated_at: field.dateTime({ list: true, sort: true }),
  },
  permissions: { group: 'shop', leaves: ['view', 'add', 'edit', 'delete'] },
  feature: 'shop',
  defaultSort: { col: 'starts_on', order: 'desc' },
  refine: (coupon, ctx) => {
    // It cannot stop before the day it starts.
    if (coupon.ends_at !== null && coupon.ends_at.slice(0, 10) < coupon.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'validation.format' });
  },
  menu: { group: 'shop', order: 40, icon: () => import('@mui/icons-material/LocalActivityOutlined') },
});
