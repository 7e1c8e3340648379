/**
 * AI helper usage per site and month.
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';
import { siteIdColumn } from '../tenancy/schema';

/*
 * The helpers of issue 16: the AI helper's monthly usage, sharing to Facebook and Instagram, and videos uploaded with
 * tus (the `videos` table above gains its upload state).
 */

/** AI helper suggestions used per site and calendar month (`YYYY-MM` in the site's time zone). */
export const aiUsage = pgTable(
  'ai_usage',
  {
    siteId: siteIdColumn(),
    month: text('month').notNull(),
    used: integer('used').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.month] })],
);
