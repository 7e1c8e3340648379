/**
 * The coupon's table: what step 2 of docs/entities.md adds to its module's schema, server/modules/<m>/schema.ts
 * (a new server/modules/coupon/schema.ts, or the shop's). Then `npm run db:generate -- --name coupons` writes the
 * migration, migration.sql here being what it wrote.
 */
import { boolean, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../../server/db/columns';
import { siteIdColumn } from '../../../server/modules/tenancy/schema';

export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    percent: integer('percent').notNull(),
    minOrder: integer('min_order').notNull().default(0),
    goodsIds: integer('goods_ids').array().notNull().default([]),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('coupons_site_code_uq').on(t.siteId, t.code)],
);
