/**
 * The site's two menus.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { siteIdColumn } from '../tenancy/schema';

/** Items of a site's two menus (1 main, 2 secondary); a parent (type 2) holds children through `parent_id`. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    menuId: smallint('menu_id').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull().default(1),
    langs: jsonb('langs').$type<{ lang_id: number; name: string }[]>().notNull().default(sql`'[]'::jsonb`),
    link: text('link').notNull().default('/#'),
    sort: integer('sort').notNull().default(0),
    isSystem: boolean('is_system').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('menu_items_site_idx').on(t.siteId, t.menuId, t.sort)],
);
