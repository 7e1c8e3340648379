/**
 * The dashboard's statistics: per calendar day of the site's time zone, items published and staff who joined (not
 * the owner, who came with the site), over the last 7, 30 or 90 days, page views (the public sites' first-party
 * counter, analytics_daily), and for a caller who sees the shop, orders paid and their revenue; and the counter's
 * top pages and links. Days are cut in the database (`AT TIME ZONE`), so a large site sends one row per day.
 */
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  ne,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { z } from 'zod';
import { ANALYTICS_TOP_MAX, type TopInput, type TopReply } from '../../../contract/analytics';
import { STATUS } from '../../../contract/contentConstants';
import {
  addDays,
  lastDays,
  type ShopDays,
  type Statistics,
  type StatisticsInput,
  toSeries,
  totalsOf,
} from '../../../contract/dashboard';
import { ORDER_STATUS } from '../../../contract/shop';
import { instantOf, knownZone } from '../../../contract/zoned';
import type { Deps } from '../../deps';
import { exactTotalMax, totalOf } from '../../http/keyset';
import { contents } from '../content/schema';
import { orders } from '../shop/schema';
import { siteStaff } from '../tenancy/schema';
import { siteById } from '../tenancy/sites';
import { ANALYTICS_KIND, analyticsDaily } from './schema';

type Input = z.output<typeof StatisticsInput>;

/**
 * Grouped by the day column itself: a repeated expression would carry the zone as a second parameter, which
 * PostgreSQL does not see as the same expression.
 */
const byFirstColumn = sql`1`;

/** `YYYY-MM-DD` of a timestamp on the zone's calendar. */
const dayOf = (column: SQL | typeof contents.publishTs, zone: string) =>
  sql<string>`to_char(${column} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;

/**
 * Orders paid and still paid or further on (not invalidated since: a refunded order leaves its day), counted and
 * summed (`total`, NT$) by the day of their payment.
 */
const PAID_OR_LATER = [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.COMPLETED];

async function shopDays(deps: Deps, siteId: number, zone: string, from: Date, to: Date): Promise<ShopDays> {
  const rows = await deps.db
    .select({
      day: dayOf(sql`${orders.paidAt}`, zone),
      n: count(),
      revenue: sql<string>`coalesce(sum(${orders.total}), 0)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.siteId, siteId),
        inArray(orders.status, PAID_OR_LATER),
        gte(orders.paidAt, from),
        lt(orders.paidAt, to),
      ),
    )
    .groupBy(byFirstColumn);
  return {
    orders: new Map(rows.map((r) => [r.day, Number(r.n)])),
    revenue: new Map(rows.map((r) => [r.day, Number(r.revenue)])),
  };
}

/** The site's zone as SQL may use it: from the known list only (PostgreSQL would fail on a name it does not have). */
async function zoneOf(deps: Deps, siteId: number): Promise<string> {
  const site = await siteById(deps.db, siteId);
  return knownZone(site?.timezone);
}

/** The counter's rows of a kind over calendar days (analytics_daily keeps the site's own days as text). */
const inRange = (siteId: number, kind: number, days: readonly string[]) =>
  and(
    eq(analyticsDaily.siteId, siteId),
    eq(analyticsDaily.kind, kind),
    gte(analyticsDaily.day, days[0]),
    lte(analyticsDaily.day, days[days.length - 1]),
  );

/** The most viewed pages and most followed links over the last 7, 30 or 90 days (the first-party counter). */
export async function top(deps: Deps, siteId: number, input: z.output<typeof TopInput>): Promise<TopReply> {
  const days = lastDays(deps.now(), await zoneOf(deps, siteId), input.days);
  const most = (kind: number) => {
    const n = sql<string>`sum(${analyticsDaily.count})`;
    return deps.db
      .select({ target: analyticsDaily.target, n })
      .from(analyticsDaily)
      .where(inRange(siteId, kind, days))
      .groupBy(analyticsDaily.target)
      .orderBy(desc(n), analyticsDaily.target)
      .limit(ANALYTICS_TOP_MAX);
  };
  const [pages, links] = await Promise.all([most(ANALYTICS_KIND.view), most(ANALYTICS_KIND.click)]);
  return {
    days: input.days,
    from: days[0],
    to: days[days.length - 1],
    pages: pages.map((r) => ({ path: r.target, count: Number(r.n) })),
    links: links.map((r) => ({ target: r.target, count: Number(r.n) })),
  };
}

/** `withShop`: the caller holds `order.view` on a plan with `shop` (the granted permissions say both). */
export async function statistics(
  deps: Deps,
  siteId: number,
  input: Input,
  withShop = false,
): Promise<Statistics> {
  const site = await siteById(deps.db, siteId);
  const zone = knownZone(site?.timezone);
  const days = lastDays(deps.now(), zone, input.query.days);
  const from = instantOf({ date: days[0], time: '00:00' }, zone);
  const to = instantOf({ date: addDays(days[days.length - 1], 1), time: '00:00' }, zone);

  const published = and(
    eq(contents.siteId, siteId),
    eq(contents.type, input.type),
    eq(contents.status, STATUS.PUBLISHED),
  );
  const postDay = dayOf(contents.publishTs, zone);
  const staffDay = dayOf(sql`${siteStaff.createdAt}`, zone);
  const [posts, staff, overallPosts, [overallStaff], shop, views] = await Promise.all([
    deps.db
      .select({ day: postDay, n: countDistinct(contents.uuid) })
      .from(contents)
      .where(and(published, gte(contents.publishTs, from), lt(contents.publishTs, to)))
      .groupBy(byFirstColumn),
    deps.db
      .select({ day: staffDay, n: count() })
      .from(siteStaff)
      .where(
        and(
          eq(siteStaff.siteId, siteId),
          // The owner came with the site: a new site has no new member until someone joins it.
          site?.ownerId == null ? undefined : ne(siteStaff.userId, site.ownerId),
          gte(siteStaff.createdAt, from),
          lt(siteStaff.createdAt, to),
        ),
      )
      .groupBy(byFirstColumn),
    // An item's languages share its uuid: the items are its distinct uuids, counted while cheap, then estimated.
    totalOf(
      deps.db,
      deps.db.selectDistinct({ uuid: contents.uuid }).from(contents).where(published),
      exactTotalMax({ filters: [] }),
    ),
    deps.db.select({ n: count() }).from(siteStaff).where(eq(siteStaff.siteId, siteId)),
    withShop ? shopDays(deps, siteId, zone, from, to) : undefined,
    deps.db
      .select({ day: analyticsDaily.day, n: sum(analyticsDaily.count) })
      .from(analyticsDaily)
      .where(inRange(siteId, ANALYTICS_KIND.view, days))
      .groupBy(analyticsDaily.day),
  ]);
  const byDay = (rows: { day: string; n: number | string | null }[]) =>
    new Map(rows.map((r) => [r.day, Number(r.n ?? 0)]));
  const series = toSeries(days, byDay(posts), byDay(staff), shop, byDay(views));
  return {
    type: input.type,
    days: input.query.days,
    timezone: zone,
    from: days[0],
    to: days[days.length - 1],
    series,
    totals: totalsOf(series),
    overall: {
      posts: overallPosts.total,
      staff: Number(overallStaff.n),
      ...(overallPosts.approximate ? { postsApproximate: true as const } : {}),
    },
  };
}
