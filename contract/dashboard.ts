/**
 * The dashboard's statistics (SPEC §7 `dashboard/statistics {query, type}`): a day-by-day series of the current site
 * over the last 7, 30 or 90 days, days being the site's own calendar days (its time zone, contract/zoned.ts).
 * Series: items of one content type published per day, staff members who joined per day, and page views of the
 * public site (the first-party counter, contract/analytics.ts). Readers (members) come with a later issue.
 *
 * The shop's series (SPEC: "orders and revenue over 7/30/90 days join the activity chart") are there only for a
 * caller holding `order.view` on a site whose plan has `shop`; for anyone else the keys are absent (not zero), and
 * the chart draws no such lines. An order counts on the day it was PAID (its `paid_at`, on the site's calendar), and
 * only while it is still paid or further on (paid, shipped, completed): an order invalidated after payment (its
 * money refunded) leaves both the count and the revenue of its day. Unpaid orders never count. Revenue is the sum of
 * those orders' `total` (goods and shipping), in NT$.
 */
import { z } from 'zod';
import { CONTENT_TYPE } from './contentConstants';
import { wallTime } from './zoned';

export const STAT_RANGES = [7, 30, 90] as const;
export type StatRange = (typeof STAT_RANGES)[number];
export const DEFAULT_STAT_RANGE: StatRange = 30;

/** `type`: the content type whose publications are counted (1 post by default, 3 page, 4 e-paper). */
export const StatisticsInput = z.strictObject({
  type: z.literal([CONTENT_TYPE.post, CONTENT_TYPE.page, CONTENT_TYPE.epaper]).default(CONTENT_TYPE.post),
  query: z
    .strictObject({ days: z.literal(STAT_RANGES).default(DEFAULT_STAT_RANGE) })
    .default({ days: DEFAULT_STAT_RANGE }),
});
export type StatisticsInput = z.input<typeof StatisticsInput>;

export const StatPoint = z.object({
  /** The site's calendar day, YYYY-MM-DD. */
  date: z.string(),
  /** Items of the requested type first published that day (and still published); languages of one item count once. */
  posts: z.number(),
  /** Staff members who joined the site that day. */
  staff: z.number(),
  /** Page views of the public site that day (the first-party counter, contract/analytics.ts). */
  views: z.number(),
  /** Orders paid that day and not invalidated since; absent for a caller who does not see the shop. */
  orders: z.number().optional(),
  /** The sum of those orders' totals, NT$; absent like `orders`. */
  revenue: z.number().optional(),
});
export type StatPoint = z.infer<typeof StatPoint>;

export const Statistics = z.object({
  type: z.number(),
  days: z.literal(STAT_RANGES),
  timezone: z.string(),
  /** First and last day of the series (the last is today on the site's clock). */
  from: z.string(),
  to: z.string(),
  series: z.array(StatPoint),
  /** Sums over the series. */
  totals: z.object({
    posts: z.number(),
    staff: z.number(),
    views: z.number(),
    orders: z.number().optional(),
    revenue: z.number().optional(),
  }),
  /**
   * The site as it is now: published items of the type, staff members. Past LIST_EXACT_TOTAL items the count is the
   * planner's estimate (`postsApproximate`), as a list's total is: counting a news site's million rows took a second.
   */
  overall: z.object({ posts: z.number(), staff: z.number(), postsApproximate: z.literal(true).optional() }),
});
export type Statistics = z.infer<typeof Statistics>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day `n` days after `date` (YYYY-MM-DD; n may be negative). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` calendar days of a time zone up to the one holding `now`, oldest first. */
export function lastDays(now: Date | number, timeZone: string, days: number): string[] {
  const today = wallTime(now, timeZone).date;
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}

/** The shop's figures per day, for a caller who sees them. */
export interface ShopDays {
  orders: ReadonlyMap<string, number>;
  revenue: ReadonlyMap<string, number>;
}

/** One point per day, zero where nothing was counted; the shop's keys only with `shop`; `views` page views per day. */
export function toSeries(
  days: readonly string[],
  posts: ReadonlyMap<string, number>,
  staff: ReadonlyMap<string, number>,
  shop?: ShopDays,
  views: ReadonlyMap<string, number> = new Map(),
): StatPoint[] {
  return days.map((date) => ({
    date,
    posts: posts.get(date) ?? 0,
    staff: staff.get(date) ?? 0,
    views: views.get(date) ?? 0,
    ...(shop ? { orders: shop.orders.get(date) ?? 0, revenue: shop.revenue.get(date) ?? 0 } : {}),
  }));
}

/** Whether a series carries the shop's figures. */
export const hasShop = (stats: Pick<Statistics, 'totals'>): boolean => stats.totals.orders !== undefined;

export function totalsOf(series: readonly StatPoint[]): Statistics['totals'] {
  const shop = series.some((p) => p.orders !== undefined);
  return {
    posts: series.reduce((n, p) => n + p.posts, 0),
    staff: series.reduce((n, p) => n + p.staff, 0),
    views: series.reduce((n, p) => n + p.views, 0),
    ...(shop
      ? {
          orders: series.reduce((n, p) => n + (p.orders ?? 0), 0),
          revenue: series.reduce((n, p) => n + (p.revenue ?? 0), 0),
        }
      : {}),
  };
}
