/**
 * The coupon's table: what README's step 2 adds to server/db/schema.ts (there, `sites` is at hand). Then
 * `npm run db:generate -- --name coupons` writes the migration, migration.sql here being what it wrote.
 */
import { boolean, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites } from '../../../server/db/schema';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    percent: integer('percent').notNull(),
    minOrder: integer('min_order').notNull().default(0),
    goodsIds: integer('goods_ids').array().notNull().default([]),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_site_code_uq').on(t.siteId, t.code)],
);
