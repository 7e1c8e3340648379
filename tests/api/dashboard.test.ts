/**
 * dashboard/statistics through HTTP: items published per calendar day of the site's time zone (the day boundary at
 * the site's midnight, moving with its zone), only published items of the asked type and of the current site,
 * languages of one item counted once; staff who joined per day; the 7/30/90-day ranges; access and bad input; the
 * shop's orders and revenue by the day of payment (paid or further on only), for callers with order.view on a plan
 * with `shop` only.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { PublishReply, SaveReply } from '../../contract/content';
import type { Statistics, StatPoint } from '../../contract/dashboard';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import { ORDER_STATUS, type OrderStatus } from '../../contract/shop';
import { BADGE } from '../../contract/sites';
import { setExactTotalMax } from '../../server/http/keyset';
import { publishDue } from '../../server/jobs/scheduler';
import { contents, orders, siteStaff, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

/** The frozen clock: 2026-11-22 12:00 in Taipei (04:00 UTC), which is 2026-11-21 23:00 in New York. */
const NOW = Date.parse('2026-11-22T04:00:00Z');

let t: TestApp;
let owner: Client;
let demoSiteId: number;

const stats = async (c: Client, body: Record<string, unknown> = {}) =>
  ok(await c.call<Statistics>('dashboard/statistics', body));
/** The non-zero days of a series, as `date → count`. */
const nonZero = (series: StatPoint[], key: 'posts' | 'staff') =>
  Object.fromEntries(series.filter((p) => p[key] > 0).map((p) => [p.date, p[key]]));

/** A content row of the demo site, straight into the database (the publish time is the point here). */
async function item(
  at: string | null,
  opts: { status?: number; type?: number; uuid?: string; lang?: number } = {},
) {
  await t.database.db.insert(contents).values({
    siteId: demoSiteId,
    uuid: opts.uuid ?? randomUUID(),
    type: opts.type ?? 1,
    langId: opts.lang ?? 1,
    body: { blocks: [] },
    seo: { title: '', content: '' },
    status: opts.status ?? 1,
    publishTs: at ? new Date(at) : null,
  });
}

const setZone = (timezone: string) =>
  t.database.db.update(sites).set({ timezone }).where(eq(sites.id, demoSiteId));

/** Staff of the demo site besides the owner, and users of their own sites; all signed in at real time (below). */
let editor: Client;
let both: Client;
let writer: Client;
let homeless: Client;
let firstPost: Client;
let scheduled: Client;
let shopper: Client;
let newcomer: Client;

const joinedAt = (email: string, at: string) =>
  userIdOf(t, email).then((userId) =>
    t.database.db
      .update(siteStaff)
      .set({ createdAt: new Date(at) })
      .where(and(eq(siteStaff.siteId, demoSiteId), eq(siteStaff.userId, userId))),
  );

beforeAll(async () => {
  t = await createTestApp();
  // Bot challenges are checked against the real time, so everyone signs in before the clock is frozen.
  ({ owner, demoSiteId } = await signInOwner(t));
  editor = await staffOf(t, demoSiteId, 'joined@example.com', ROLE.EDITOR);
  both = await staffOf(t, demoSiteId, 'both@example.com', ROLE.EDITOR);
  writer = await register(t, 'writer@example.com');
  homeless = await register(t, 'homeless@example.com');
  firstPost = await register(t, 'first@example.com');
  scheduled = await register(t, 'scheduled@example.com');
  shopper = await staffOf(t, demoSiteId, 'shop@example.com', ROLE.ECOMMERCE);
  newcomer = await register(t, 'newcomer@example.com');
  await joinedAt('owner@example.com', '2025-01-01T00:00:00Z');
  await joinedAt('shop@example.com', '2025-01-01T00:00:00Z');
  await joinedAt('both@example.com', '2025-06-01T00:00:00Z');
  // 01:00 on the 20th in Taipei.
  await joinedAt('joined@example.com', '2026-11-19T17:00:00Z');
  t.clock.advance(NOW - t.clock.now);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.delete(contents).where(eq(contents.siteId, demoSiteId));
  await setZone('Asia/Taipei');
});

describe('the series', () => {
  it('covers the last 30 days up to today on the site’s clock, all zero on a new site', async () => {
    const s = await stats(owner);
    expect(s).toMatchObject({
      type: 1,
      days: 30,
      timezone: 'Asia/Taipei',
      from: '2026-10-24',
      to: '2026-11-22',
      totals: { posts: 0, staff: 1, views: 0 },
      overall: { posts: 0, staff: 4 },
    });
    expect(s.series).toHaveLength(30);
    // The owner of the demo site (its plan has `shop`) sees the shop's figures too.
    expect(s.series[0]).toEqual({
      date: '2026-10-24',
      posts: 0,
      staff: 0,
      views: 0,
      orders: 0,
      revenue: 0,
    });
    expect(s.totals).toMatchObject({ orders: 0, revenue: 0 });
    expect(s.series.map((p) => p.date)).toContain('2026-11-01');
    // 7 and 90 days.
    const week = await stats(owner, { query: { days: 7 } });
    expect([week.from, week.to, week.series.length]).toEqual(['2026-11-16', '2026-11-22', 7]);
    const quarter = await stats(owner, { query: { days: 90 } });
    expect([quarter.from, quarter.to, quarter.series.length]).toEqual(['2026-08-25', '2026-11-22', 90]);
  });

  it('counts an article published now through the API on today', async () => {
    const made = ok(
      await owner.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: '今天',
        content: { blocks: [] },
        version: 0,
      }),
    );
    ok(await owner.call<PublishReply>('press/publish?t=1', { id: made.id, mode: 1 }));
    const s = await stats(owner, { query: { days: 7 } });
    expect(nonZero(s.series, 'posts')).toEqual({ '2026-11-22': 1 });
    expect(s.totals.posts).toBe(1);
    expect(s.overall.posts).toBe(1);
    // Taken offline, it no longer counts.
    ok(await owner.call('press/publish?t=1', { id: made.id, mode: 0 }));
    expect((await stats(owner, { query: { days: 7 } })).totals.posts).toBe(0);
  });

  it('cuts days at the site’s midnight, and moves the cut with the site’s time zone', async () => {
    // Taipei is UTC+8: 15:59 UTC is 23:59 on the 20th, 16:00 UTC is midnight of the 21st.
    await item('2026-11-20T15:59:00Z');
    await item('2026-11-20T16:00:00Z');
    await item('2026-11-22T03:59:00Z');
    const taipei = await stats(owner, { query: { days: 7 } });
    expect(nonZero(taipei.series, 'posts')).toEqual({ '2026-11-20': 1, '2026-11-21': 1, '2026-11-22': 1 });

    // New York in November is UTC−5: the first two are on the 20th, and its today is still the 21st.
    await setZone('America/New_York');
    const ny = await stats(owner, { query: { days: 7 } });
    expect(ny).toMatchObject({ timezone: 'America/New_York', from: '2026-11-15', to: '2026-11-21' });
    expect(nonZero(ny.series, 'posts')).toEqual({ '2026-11-20': 2, '2026-11-21': 1 });
    expect(ny.totals.posts).toBe(3);
  });

  it('starts the range at the site’s midnight of its first day', async () => {
    // 7 days in Taipei start on 2026-11-16 00:00 local = 2026-11-15 16:00 UTC.
    await item('2026-11-15T15:59:59Z');
    await item('2026-11-15T16:00:00Z');
    const s = await stats(owner, { query: { days: 7 } });
    expect(nonZero(s.series, 'posts')).toEqual({ '2026-11-16': 1 });
    expect(s.overall.posts).toBe(2);
    expect(nonZero((await stats(owner, { query: { days: 30 } })).series, 'posts')).toEqual({
      '2026-11-15': 1,
      '2026-11-16': 1,
    });
  });

  it('counts only published items of the asked type; languages of one item once', async () => {
    const day = '2026-11-21T02:00:00Z';
    const uuid = randomUUID();
    await item(day, { uuid, lang: 1 });
    await item(day, { uuid, lang: 3 });
    await item(day, { status: 0 }); // taken offline: keeps its time, not counted
    await item(day, { status: -1 }); // deleted
    await item('2026-11-25T02:00:00Z', { status: 2 }); // scheduled
    await item(null, { status: 0 }); // a draft
    await item(day, { type: 3 }); // a page
    await item(day, { type: 4 }); // an e-paper
    await item(day, { type: 4 });
    const posts = await stats(owner, { query: { days: 7 } });
    expect(nonZero(posts.series, 'posts')).toEqual({ '2026-11-21': 1 });
    expect(posts.overall.posts).toBe(1);
    expect(nonZero((await stats(owner, { type: 3, query: { days: 7 } })).series, 'posts')).toEqual({
      '2026-11-21': 1,
    });
    const papers = await stats(owner, { type: 4, query: { days: 7 } });
    expect([papers.type, papers.totals.posts]).toEqual([4, 2]);
  });

  it('estimates the published items past the exact-count threshold, and says so', async () => {
    const day = '2026-11-21T02:00:00Z';
    for (let i = 0; i < 3; i++) await item(day);
    expect((await stats(owner, { query: { days: 7 } })).overall).toEqual({ posts: 3, staff: 4 });
    setExactTotalMax(2);
    try {
      const s = await stats(owner, { query: { days: 7 } });
      expect(s.overall.postsApproximate).toBe(true);
      expect(s.overall.posts).toBeGreaterThan(2);
      // The series still counts every item exactly.
      expect(s.totals.posts).toBe(3);
    } finally {
      setExactTotalMax(undefined);
    }
  });

  it('counts staff who joined per day', async () => {
    const s = await stats(owner, { query: { days: 7 } });
    expect(nonZero(s.series, 'staff')).toEqual({ '2026-11-20': 1 });
    expect(s.totals.staff).toBe(1);
    expect(s.overall.staff).toBe(4);
    // Any staff member may read the statistics of their current site.
    expect((await stats(editor, { query: { days: 7 } })).totals.staff).toBe(1);
    // In New York the same moment is 12:00 on the 19th, and the owner two years back is outside 90 days.
    await setZone('America/New_York');
    const ny = await stats(owner, { query: { days: 90 } });
    expect(nonZero(ny.series, 'staff')).toEqual({ '2026-11-19': 1 });
  });
});

describe('a brand-new site', () => {
  it('has no new member: its owner came with it; the overall count still names them', async () => {
    const site = ok(await newcomer.call<{ id: number }>('site/start_free'));
    // Made today on the frozen clock (the row's own time is the database's real one).
    await t.database.db
      .update(siteStaff)
      .set({ createdAt: new Date(NOW - 3_600_000) })
      .where(eq(siteStaff.siteId, site.id));
    const s = await stats(newcomer, { query: { days: 7 } });
    expect(nonZero(s.series, 'staff')).toEqual({});
    expect(s.totals.staff).toBe(0);
    expect(s.overall.staff).toBe(1);
  });
});

describe('the shop’s orders and revenue', () => {
  let n = 0;
  /** An order row straight into the database: its status, total and payment time are the point here. */
  const order = (siteId: number, status: OrderStatus, total: number, paidAt: string | null) =>
    t.database.db.insert(orders).values({
      siteId,
      orderNumber: `OT${String(++n).padStart(8, '0')}`,
      status,
      buyerName: 'Buyer',
      buyerEmail: 'buyer@example.com',
      subtotal: total,
      total,
      paidAt: paidAt ? new Date(paidAt) : null,
    });
  const shopKeys = (s: Statistics) => ({
    orders: nonZeroOf(s.series, 'orders'),
    revenue: nonZeroOf(s.series, 'revenue'),
  });
  const nonZeroOf = (series: StatPoint[], key: 'orders' | 'revenue') =>
    Object.fromEntries(series.filter((p) => (p[key] ?? 0) > 0).map((p) => [p.date, p[key]]));
  let writerSiteId: number;

  beforeAll(async () => {
    writerSiteId = (await writer.call<Session>('member/status')).data.site.current?.id as number;
    // Taipei is UTC+8.
    await order(demoSiteId, ORDER_STATUS.PAID, 1000, '2026-11-20T15:59:00Z'); // 23:59 on the 20th
    await order(demoSiteId, ORDER_STATUS.SHIPPED, 250, '2026-11-20T16:00:00Z'); // midnight of the 21st
    await order(demoSiteId, ORDER_STATUS.COMPLETED, 500, '2026-11-21T03:00:00Z'); // the 21st
    await order(demoSiteId, ORDER_STATUS.INVALID, 9999, '2026-11-21T05:00:00Z'); // paid, then refunded
    await order(demoSiteId, ORDER_STATUS.CREATED, 4444, null); // never paid
    await order(demoSiteId, ORDER_STATUS.PAID, 30, '2026-11-15T15:59:00Z'); // 23:59 on the 15th: 30 days only
    await order(writerSiteId, ORDER_STATUS.PAID, 7777, '2026-11-21T03:00:00Z'); // another site's
  });
  afterAll(async () => {
    await t.database.db.delete(orders);
  });

  it('counts this site’s paid orders (paid or further on) by the day of payment on the site’s calendar', async () => {
    const s = await stats(owner, { query: { days: 7 } });
    expect(shopKeys(s)).toEqual({
      orders: { '2026-11-20': 1, '2026-11-21': 2 },
      revenue: { '2026-11-20': 1000, '2026-11-21': 750 },
    });
    expect(s.totals).toMatchObject({ orders: 3, revenue: 1750 });
    expect(s.series.every((p) => p.orders !== undefined && p.revenue !== undefined)).toBe(true);
    const month = await stats(owner, { query: { days: 30 } });
    expect(month.totals).toMatchObject({ orders: 4, revenue: 1780 });
    expect(shopKeys(month).orders['2026-11-15']).toBe(1);
    // In New York (UTC−5) the three fall on the 20th; its 7 days run from the 15th, when the fourth was paid (10:59).
    await setZone('America/New_York');
    const ny = await stats(owner, { query: { days: 7 } });
    expect(shopKeys(ny)).toEqual({
      orders: { '2026-11-15': 1, '2026-11-20': 3 },
      revenue: { '2026-11-15': 30, '2026-11-20': 1750 },
    });
  });

  it('shows them to 電商人員, not to a role without order.view', async () => {
    const shop = await stats(shopper, { query: { days: 7 } });
    expect(shop.totals).toMatchObject({ orders: 3, revenue: 1750 });
    const ed = await stats(editor, { query: { days: 7 } });
    expect(ed.totals).not.toHaveProperty('orders');
    expect(ed.totals).not.toHaveProperty('revenue');
    expect(ed.series[0]).not.toHaveProperty('orders');
    expect(ed.series[0]).not.toHaveProperty('revenue');
  });

  it('shows none on a site whose plan lacks the shop, even to its owner', async () => {
    // The writer owns a personal site without a plan; its paid order stays unseen.
    const mine = await stats(writer, { query: { days: 7 } });
    expect(mine.totals).not.toHaveProperty('orders');
    expect(mine.series[0]).not.toHaveProperty('revenue');
    // The demo site on STARTER (no `shop`).
    await t.database.db.update(sites).set({ serviceId: 2 }).where(eq(sites.id, demoSiteId));
    try {
      const starter = await stats(owner, { query: { days: 7 } });
      expect(starter.totals).not.toHaveProperty('orders');
      expect(starter.series.some((p) => 'orders' in p || 'revenue' in p)).toBe(false);
      expect(starter.totals.posts).toBe(0);
    } finally {
      await t.database.db.update(sites).set({ serviceId: 4 }).where(eq(sites.id, demoSiteId));
    }
    expect((await stats(owner, { query: { days: 7 } })).totals.orders).toBe(3);
  });
});

describe('sites and access', () => {
  it('answers the current site only', async () => {
    await item('2026-11-21T02:00:00Z');
    const mine = await stats(writer, { query: { days: 7 } });
    expect(mine.totals.posts).toBe(0);
    expect(mine.overall).toEqual({ posts: 0, staff: 1 });
    const made = ok(
      await writer.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: '我的',
        content: { blocks: [] },
        version: 0,
      }),
    );
    ok(await writer.call('press/publish?t=1', { id: made.id, mode: 1 }));
    expect((await stats(writer, { query: { days: 7 } })).totals.posts).toBe(1);
    expect((await stats(owner, { query: { days: 7 } })).totals.posts).toBe(1);
    expect((await stats(owner, { query: { days: 7 } })).overall.posts).toBe(1);
  });

  it('follows a switch of the current site', async () => {
    await item('2026-11-21T02:00:00Z');
    const personal = (await both.call<Session>('member/status')).data.site.list.find(
      (s) => s.id !== demoSiteId,
    );
    ok(await both.call('site/switch', { id: demoSiteId }));
    expect((await stats(both, { query: { days: 7 } })).totals.posts).toBe(1);
    ok(await both.call('site/switch', { id: personal?.id }));
    expect((await stats(both, { query: { days: 7 } })).totals.posts).toBe(0);
  });

  it('answers 401 signed out, and 2011 to a user without a site', async () => {
    const anon = await t.client().call('dashboard/statistics', {});
    expect([anon.status, anon.code]).toEqual([401, Code.UNAUTHORIZED]);
    await t.database.db
      .delete(siteStaff)
      .where(eq(siteStaff.userId, await userIdOf(t, 'homeless@example.com')));
    const r = await homeless.call('dashboard/statistics', {});
    expect(r.code).toBe(Code.NO_SITE);
    expect((await homeless.call<Session>('member/status')).data.site.current).toBeNull();
  });

  it('refuses bad input with field errors', async () => {
    expect(fieldErrors(await owner.call('dashboard/statistics', { query: { days: 5 } }))['query.days']).toBe(
      '格式錯誤',
    );
    expect(fieldErrors(await owner.call('dashboard/statistics', { type: 2 })).type).toBe('格式錯誤');
    expect(fieldErrors(await owner.call('dashboard/statistics', { type: '1' })).type).toBe('格式錯誤');
    expect(fieldErrors(await owner.call('dashboard/statistics', { range: 7 })).range).toBe('不接受的欄位');
    const broken = await owner.call('dashboard/statistics', '{"query":');
    expect(broken.status).toBeLessThan(500);
    expect(broken.code).not.toBe(1);
  });

  it('falls back to the default zone when the stored one is not a known zone', async () => {
    await setZone('Mars/Olympus_Mons');
    const s = await stats(owner, { query: { days: 7 } });
    expect(s.timezone).toBe('Asia/Taipei');
  });
});

describe('the first-post badge', () => {
  const badges = async (c: Client) => (await c.call<Session>('member/status')).data.site.current?.badge;
  const draft = async (c: Client, type: number) =>
    ok(
      await c.call<SaveReply>(`press/save?t=${type}`, {
        id: 0,
        title: 'x',
        content: { blocks: [] },
        version: 0,
      }),
    );

  it('is earned by publishing an article, not a page', async () => {
    const page = await draft(firstPost, 3);
    ok(await firstPost.call('press/publish?t=3', { id: page.id, mode: 1 }));
    expect(await badges(firstPost)).not.toContain(BADGE.FIRST_POST);
    const post = await draft(firstPost, 1);
    ok(await firstPost.call('press/publish?t=1', { id: post.id, mode: 1 }));
    expect(await badges(firstPost)).toEqual([BADGE.FIRST_POST]);
    // Once.
    ok(await firstPost.call('press/publish?t=1', { id: post.id, mode: 1 }));
    expect(await badges(firstPost)).toEqual([BADGE.FIRST_POST]);
  });

  it('is earned when a scheduled article goes out', async () => {
    const post = await draft(scheduled, 1);
    // 13:00 in Taipei, an hour ahead of the frozen clock.
    ok(
      await scheduled.call('press/publish?t=1', { id: post.id, mode: 2, date: '2026-11-22', time: '13:00' }),
    );
    expect(await badges(scheduled)).toEqual([]);
    t.clock.advance(2 * 60 * 60 * 1000);
    try {
      const quiet = { info: () => undefined, error: () => undefined };
      expect(await publishDue({ db: t.database.db, now: () => t.clock.now, log: quiet })).toEqual([post.id]);
      expect(await badges(scheduled)).toEqual([BADGE.FIRST_POST]);
    } finally {
      t.clock.advance(NOW - t.clock.now);
    }
  });
});
