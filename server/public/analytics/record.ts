/**
 * Counting the public sites' analytics events: what an event is reduced to (paths without query or fragment, links
 * as a path or `origin + pathname`), a bound per client (a token bucket shared by the instances, shared/sharedBudget.ts, keyed by a hash of the site and
 * the client's network — an IPv4 address, an IPv6 /64 — which itself is never kept), a bound per site and day on
 * distinct targets, and one upsert per batch into analytics_daily on the site's calendar day.
 */
import { hash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  ANALYTICS_OTHER,
  ANALYTICS_PATH_MAX,
  ANALYTICS_TARGET_MAX,
  ANALYTICS_TARGETS_PER_DAY,
  type AnalyticsEvent,
} from '../../../contract/analytics';
import { knownZone, wallTime } from '../../../contract/zoned';
import type { Db } from '../../db/client';
import { ANALYTICS_KIND, analyticsDaily } from '../../modules/dashboard/schema';

const BASE = 'http://site.invalid';

/** A page's path as counted: its pathname only, or null when the event's path is no path of this site. */
export function pagePath(p: string): string | null {
  if (!p.startsWith('/') || p.startsWith('//') || p.includes('\\')) return null;
  try {
    const url = new URL(p, BASE);
    return url.origin === BASE ? url.pathname.slice(0, ANALYTICS_PATH_MAX) : null;
  } catch {
    return null;
  }
}

/**
 * A followed link as counted: a link of the site (one of `ownHosts`) as its path, any other http(s) link as
 * `origin + pathname`; never a query or fragment. Null for anything else (mailto:, javascript:, garbage).
 */
export function linkTarget(t: string, page: string, ownHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(t, new URL(page, BASE));
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const own = url.origin === BASE || ownHosts.includes(url.hostname.toLowerCase());
  return (own ? url.pathname : url.origin + url.pathname).slice(0, ANALYTICS_TARGET_MAX);
}

/** An IPv6 address's eight 16-bit groups (the address is a valid one, without zone id). */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [Number.parseInt(piece, 16)];
          const [a, b, c, d] = piece.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const [head, tail] = address.split('::');
  const first = groupsOf(head);
  if (tail === undefined) return first;
  const last = groupsOf(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The network a client is counted by: an IPv4 address as it is (an IPv4-mapped IPv6 one as its IPv4 address), an
 * IPv6 address as its /64 prefix, which one subscriber usually holds whole; anything else as given.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff)
    return [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff].join('.');
  return `${g
    .slice(0, 4)
    .map((n) => n.toString(16))
    .join(':')}::/64`;
}

/** The bucket key of a client of a site: a salted hash of its network, so no address is kept, in memory or a row. */
export const clientKey = (salt: string, siteId: number, ip: string) =>
  hash('sha256', `${salt}\0${siteId}\0${clientNetwork(ip)}`, 'base64url');

/** The site's calendar day now. */
export function siteDay(timezone: string, now: number): string {
  return wallTime(now, knownZone(timezone)).date;
}

export interface Counted {
  kind: number;
  target: string;
}

/** A batch's events as counts per (kind, target), after the reduction above; events that reduce to nothing are dropped. */
export function countsOf(
  events: readonly AnalyticsEvent[],
  ownHosts: readonly string[],
  isPage: (path: string) => boolean,
): Map<string, Counted & { count: number }> {
  const out = new Map<string, Counted & { count: number }>();
  for (const e of events) {
    const page = pagePath(e.p);
    if (page === null) continue;
    let c: Counted | null = null;
    if (e.k === 'v') c = isPage(page) ? { kind: ANALYTICS_KIND.view, target: page } : null;
    else if (e.t) {
      const target = linkTarget(e.t, page, ownHosts);
      c = target ? { kind: ANALYTICS_KIND.click, target } : null;
    }
    if (!c) continue;
    const key = `${c.kind}\0${c.target}`;
    const had = out.get(key);
    if (had) had.count += 1;
    else out.set(key, { kind: c.kind, target: c.target, count: 1 });
  }
  return out;
}

/**
 * Adds the counts to the site's day. A target the day does not have yet is kept while the day holds fewer than
 * ANALYTICS_TARGETS_PER_DAY of its kind; beyond, its count goes to ANALYTICS_OTHER. One upsert writes the batch.
 */
export async function addCounts(
  db: Db,
  siteId: number,
  day: string,
  counts: Map<string, Counted & { count: number }>,
): Promise<void> {
  if (counts.size === 0) return;
  const merged = new Map<string, Counted & { count: number }>();
  for (const kind of [ANALYTICS_KIND.view, ANALYTICS_KIND.click]) {
    const mine = [...counts.values()].filter((c) => c.kind === kind);
    if (mine.length === 0) continue;
    const ofDay = and(
      eq(analyticsDaily.siteId, siteId),
      eq(analyticsDaily.day, day),
      eq(analyticsDaily.kind, kind),
    );
    const [[held], known] = await Promise.all([
      db.select({ n: count() }).from(analyticsDaily).where(ofDay),
      db
        .select({ target: analyticsDaily.target })
        .from(analyticsDaily)
        .where(
          and(
            ofDay,
            inArray(
              analyticsDaily.target,
              mine.map((c) => c.target),
            ),
          ),
        ),
    ]);
    const existing = new Set(known.map((r) => r.target));
    let room = ANALYTICS_TARGETS_PER_DAY - Number(held.n);
    for (const c of mine) {
      let target = c.target;
      if (!existing.has(target)) {
        if (room > 0) room -= 1;
        else target = ANALYTICS_OTHER;
      }
      const key = `${kind}\0${target}`;
      const had = merged.get(key);
      if (had) had.count += c.count;
      else merged.set(key, { kind, target, count: c.count });
    }
  }
  await db
    .insert(analyticsDaily)
    .values(
      [...merged.values()].map((c) => ({ siteId, day, kind: c.kind, target: c.target, count: c.count })),
    )
    .onConflictDoUpdate({
      target: [analyticsDaily.siteId, analyticsDaily.day, analyticsDaily.kind, analyticsDaily.target],
      set: { count: sql`${analyticsDaily.count} + excluded.count` },
    });
}
