/**
 * First-party, cookie-free link and page-view analytics (issue 17 "Link analytics"; SPEC §7 "analytics events are
 * sent for link clicks"). The public sites' pages carry a small script (server/public/analytics/) that posts batches
 * of events to `POST /_analytics` on the site's own host; the server keeps counts per site, calendar day of the
 * site's time zone, kind and target (table analytics_daily), never who sent them. The dashboard reads the counts
 * (`dashboard/statistics` views, `dashboard/top`).
 */
import { z } from 'zod';
import { DEFAULT_STAT_RANGE, STAT_RANGES } from './dashboard';
import { f } from './fields';

/** The longest page path an event carries (query and fragment are dropped anyway). */
export const ANALYTICS_PATH_MAX = 300;
/** The longest link address a click carries. */
export const ANALYTICS_TARGET_MAX = 500;
/** Events in one batch, at most (the script sends fewer). */
export const ANALYTICS_BATCH_MAX = 20;
/** The largest body `POST /_analytics` reads. */
export const ANALYTICS_BODY_MAX_BYTES = 4096;
/** Events one client (a hash of site and IP address) may have counted per minute; beyond, they are dropped. */
export const ANALYTICS_CLIENT_PER_MINUTE = 120;
/** Distinct targets a site keeps per day and kind; beyond, counts go to ANALYTICS_OTHER. */
export const ANALYTICS_TARGETS_PER_DAY = 5000;
/** The target the counts over ANALYTICS_TARGETS_PER_DAY go to. */
export const ANALYTICS_OTHER = '(other)';
/** Rows of each of the dashboard's top tables. */
export const ANALYTICS_TOP_MAX = 10;

/** One event: `k` v (page view) or c (link click), `p` the page's path, `t` the followed link (clicks). */
export const AnalyticsEvent = z.strictObject({
  k: z.enum(['v', 'c']),
  p: f.text(ANALYTICS_PATH_MAX),
  t: f.text(ANALYTICS_TARGET_MAX).optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

/** The body of `POST /_analytics`. */
export const AnalyticsBatch = z.strictObject({
  events: z.array(AnalyticsEvent).min(1).max(ANALYTICS_BATCH_MAX),
});
export type AnalyticsBatch = z.infer<typeof AnalyticsBatch>;

/** `dashboard/top {days}`: the range, as the statistics' (the site's last 7, 30 or 90 calendar days). */
export const TopInput = z.strictObject({
  days: z.literal(STAT_RANGES).default(DEFAULT_STAT_RANGE),
});
export type TopInput = z.input<typeof TopInput>;

export const TopPage = z.object({ path: z.string(), count: z.number() });
export const TopLink = z.object({ target: z.string(), count: z.number() });

/** The most viewed pages and most followed links over the range, most first (ANALYTICS_TOP_MAX each). */
export const TopReply = z.object({
  days: z.literal(STAT_RANGES),
  /** First and last day of the range (the last is today on the site's clock). */
  from: z.string(),
  to: z.string(),
  pages: z.array(TopPage),
  links: z.array(TopLink),
});
export type TopReply = z.infer<typeof TopReply>;
