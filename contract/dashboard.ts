/**
 * The dashboard's statistics (SPEC §7 `dashboard/statistics {query, type}`): a day-by-day series of the current site
 * over the last 7, 30 or 90 days, days being the site's own calendar days (its time zone, contract/zoned.ts).
 * Series: items of one content type published per day, staff members who joined per day, and page views, which the
 * platform does not measure yet (null: 'when known'). Readers (members) come with a later issue.
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
  /** Page views: not measured yet. */
  views: z.number().nullable(),
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
  totals: z.object({ posts: z.number(), staff: z.number(), views: z.number().nullable() }),
  /** The site as it is now: published items of the type, staff members. */
  overall: z.object({ posts: z.number(), staff: z.number() }),
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

/** One point per day, zero where nothing was counted. */
export function toSeries(
  days: readonly string[],
  posts: ReadonlyMap<string, number>,
  staff: ReadonlyMap<string, number>,
): StatPoint[] {
  return days.map((date) => ({
    date,
    posts: posts.get(date) ?? 0,
    staff: staff.get(date) ?? 0,
    views: null,
  }));
}

export function totalsOf(series: readonly StatPoint[]): Statistics['totals'] {
  return {
    posts: series.reduce((n, p) => n + p.posts, 0),
    staff: series.reduce((n, p) => n + p.staff, 0),
    views: series.some((p) => p.views !== null) ? series.reduce((n, p) => n + (p.views ?? 0), 0) : null,
  };
}
