/**
 * Page views and followed links per site, day, path and target (written by public/analytics/).
 */
import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { siteIdColumn } from '../tenancy/schema';

/** Cookie-free page views and link clicks per site and day (issue 17 "Link analytics"): counts only. */
export const ANALYTICS_KIND = { view: 1, click: 2 } as const;

export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    siteId: siteIdColumn(),
    /** The site's calendar day (its time zone), YYYY-MM-DD. */
    day: text('day').notNull(),
    kind: smallint('kind').notNull(),
    /** The page's path, or the clicked link's address. */
    target: text('target').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.kind, t.target] })],
);
