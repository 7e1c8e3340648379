/**
 * The first-party link and page-view counter through HTTP: batches posted to a site host's /_analytics counted per
 * site and calendar day (read back as the owner with dashboard/statistics and dashboard/top), queries stripped,
 * DNT / Sec-GPC honoured, malformed bodies refused with 4xx, the per-client bound, the per-day bound on distinct
 * targets, one site's events never another's, who may read the figures, and the script in the public pages' HTML
 * (not in previews, error pages or an unpublished site's).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopReply } from '../../contract/analytics';
import { ANALYTICS_OTHER, ANALYTICS_TARGETS_PER_DAY } from '../../contract/analytics';
import { Code } from '../../contract/codes';
import type { Statistics } from '../../contract/dashboard';
import { wallTime } from '../../contract/zoned';
import { analyticsDaily, sites } from '../../server/modules/tables';
import { withCounter } from '../../server/public/analytics';
import { ensureSecret } from '../../server/seed';
import { signToken } from '../../server/shared/tokens';
import { themeFolder } from '../fixtures/publicSite';
import {
  type Client,
  createTestApp,
  customRole,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

const HOST = 'demo.sites.localhost:8080';
const TAG = '<script src="/_analytics.js" defer></script>';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let other: Client;
let otherSiteId: number;
let otherHost: string;
let clients = 0;

type Ev = { k: 'v' | 'c'; p: string; t?: string };

/** Posts a batch to a host as a visitor's browser would (text/plain); each call a new client address by default. */
const send = (host: string, body: unknown, opts: { headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/_analytics',
    headers: { host, 'content-type': 'text/plain;charset=UTF-8', ...opts.headers },
    remoteAddress: opts.ip ?? `10.0.${Math.floor(++clients / 250)}.${clients % 250}`,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const top = async (c: Client, days = 7) => ok(await c.call<TopReply>('dashboard/top', { days }));
const views = async (c: Client) =>
  ok(await c.call<Statistics>('dashboard/statistics', { query: { days: 7 } })).totals.views;
const pageCount = (r: TopReply, path: string) => r.pages.find((p) => p.path === path)?.count ?? 0;
const linkCount = (r: TopReply, target: string) => r.links.find((l) => l.target === target)?.count ?? 0;

beforeAll(async () => {
  t = await createTestApp({ publicSite: { builtinThemeDir: await themeFolder() } });
  ({ owner, demoSiteId } = await signInOwner(t));
  await t.database.db.update(sites).set({ published: true }).where(eq(sites.id, demoSiteId));
  other = await register(t, 'other-owner@example.com');
  const status = await other.call<{ site: { current: { id: number } } }>('member/status');
  otherSiteId = status.data.site.current.id;
  const [row] = await t.database.db
    .update(sites)
    .set({ published: true })
    .where(eq(sites.id, otherSiteId))
    .returning();
  otherHost = `${row.slug}.sites.localhost:8080`;
});
afterAll(async () => {
  await t?.close();
});

describe('counting', () => {
  it('counts views and clicks of a batch for the site and its day, without queries or fragments', async () => {
    const before = await views(owner);
    const events: Ev[] = [
      { k: 'v', p: '/post/hello?utm_source=mail&email=a@b.c#top' },
      { k: 'v', p: '/post/hello' },
      { k: 'c', p: '/post/hello', t: 'https://example.org/read/more?token=secret#x' },
      { k: 'c', p: '/post/hello', t: 'http://demo.sites.localhost:8080/about?ref=1' },
      { k: 'c', p: '/post/hello', t: '/tag/news?page=2' },
      { k: 'c', p: '/post/hello', t: 'mailto:someone@example.com' },
      { k: 'v', p: '/x/y/z/not-a-page' },
      { k: 'v', p: 'https://elsewhere.example/post/hello' },
    ];
    const res = await send(HOST, { events });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const r = await top(owner);
    expect(pageCount(r, '/post/hello')).toBe(2);
    expect(linkCount(r, 'https://example.org/read/more')).toBe(1);
    expect(linkCount(r, '/about')).toBe(1);
    expect(linkCount(r, '/tag/news')).toBe(1);
    const all = JSON.stringify(r);
    for (const leak of ['utm_source', 'token=', 'mailto', 'ref=1', 'page=2', '#', 'not-a-page', 'elsewhere'])
      expect(all).not.toContain(leak);
    expect(await views(owner)).toBe(before + 2);

    // Today on the site's calendar, in the day-by-day series too.
    const stats = ok(await owner.call<Statistics>('dashboard/statistics', { query: { days: 7 } }));
    const today = wallTime(t.clock.now, stats.timezone).date;
    expect(stats.series.find((p) => p.date === today)?.views).toBe(before + 2);
    const rows = await t.database.db
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.siteId, demoSiteId));
    expect(new Set(rows.map((row) => row.day))).toEqual(new Set([today]));
  });

  it('counts the most viewed first, ten at most', async () => {
    const events: Ev[] = [];
    for (let i = 0; i < 12; i++) for (let n = 0; n <= i; n++) events.push({ k: 'v', p: `/rank-${i}` });
    for (let i = 0; i < events.length; i += 20) await send(HOST, { events: events.slice(i, i + 20) });
    const r = await top(owner);
    expect(r.pages).toHaveLength(10);
    expect(r.pages[0]).toEqual({ path: '/rank-11', count: 12 });
    expect(r.pages.map((p) => p.count)).toEqual([...r.pages.map((p) => p.count)].sort((a, b) => b - a));
    await t.database.db.delete(analyticsDaily).where(eq(analyticsDaily.siteId, demoSiteId));
  });

  it('counts nothing with DNT: 1 or Sec-GPC: 1', async () => {
    const before = pageCount(await top(owner), '/private');
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const res = await send(HOST, { events: [{ k: 'v', p: '/private' }] }, { headers });
      expect(res.statusCode).toBe(204);
    }
    expect(pageCount(await top(owner), '/private')).toBe(before);
    await send(HOST, { events: [{ k: 'v', p: '/private' }] }, { headers: { dnt: '0' } });
    expect(pageCount(await top(owner), '/private')).toBe(before + 1);
  });
});

describe('bad input', () => {
  it('refuses malformed batches with a 4xx envelope, never a 500', async () => {
    const tooMany = { events: Array.from({ length: 21 }, () => ({ k: 'v', p: '/' })) };
    const cases: unknown[] = [
      'not json',
      '{"events":',
      '',
      '[]',
      tooMany,
      { events: [] },
      { events: [{ k: 'x', p: '/' }] },
      { events: [{ k: 'v', p: 5 }] },
      { events: [{ k: 'v', p: '/', extra: 1 }] },
      { events: [{ k: 'c', p: '/', t: 'x'.repeat(501) }] },
      { events: [{ k: 'v', p: `/${'a'.repeat(300)}` }] },
      { events: 'all' },
      { events: [], more: true },
    ];
    for (const body of cases) {
      const res = await send(HOST, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST });
    }
    const big = await send(HOST, { events: [{ k: 'v', p: '/', t: 'y'.repeat(10_000) }] });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: Code.TOO_LARGE });
    // JSON sent as such is read the same way.
    const json = await send(HOST, '{"events":[{"k":"v","p":"/json"}]}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(204);
    expect(pageCount(await top(owner), '/json')).toBe(1);
    // Only POST; and not on the admin's host.
    expect(
      (await t.app.inject({ method: 'PUT', url: '/_analytics', headers: { host: HOST } })).statusCode,
    ).toBe(405);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/_site/_analytics',
      headers: { host: '127.0.0.1:8080', 'content-type': 'text/plain' },
      payload: JSON.stringify({ events: [{ k: 'v', p: '/' }] }),
    });
    expect(admin.statusCode).toBe(404);
  });
});

describe('bounds', () => {
  it('caps what one client has counted per minute, silently', async () => {
    const batch = { events: Array.from({ length: 20 }, () => ({ k: 'v', p: '/bounded' })) };
    for (let i = 0; i < 10; i++) expect((await send(HOST, batch, { ip: '192.0.2.7' })).statusCode).toBe(204);
    expect(pageCount(await top(owner), '/bounded')).toBe(120);
    // Another client is not held by the first one's bound; the first is again after a while.
    await send(HOST, { events: [{ k: 'v', p: '/bounded' }] }, { ip: '192.0.2.8' });
    expect(pageCount(await top(owner), '/bounded')).toBe(121);
    t.clock.advance(30_000);
    await send(HOST, batch, { ip: '192.0.2.7' });
    expect(pageCount(await top(owner), '/bounded')).toBe(141);
  });

  it('keeps at most so many distinct targets a day; the rest count as (other)', async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const day = wallTime(t.clock.now, site.timezone).date;
    // Fill the day up to one below the bound straight in the database (the rows the counter would have made).
    const held = await t.database.db
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.siteId, demoSiteId));
    const clicks = held.filter((r) => r.kind === 2 && r.day === day).length;
    const filler = Array.from({ length: ANALYTICS_TARGETS_PER_DAY - clicks - 1 }, (_, i) => ({
      siteId: demoSiteId,
      day,
      kind: 2,
      target: i === 0 ? '/about' : `/filler-${i}`,
      count: 1,
    }));
    for (let i = 0; i < filler.length; i += 1000)
      await t.database.db.insert(analyticsDaily).values(filler.slice(i, i + 1000));
    await send(HOST, {
      events: [
        { k: 'c', p: '/', t: '/last-room' },
        { k: 'c', p: '/', t: '/beyond-1' },
        { k: 'c', p: '/', t: '/beyond-2' },
        { k: 'c', p: '/', t: '/about' },
      ],
    });
    const rows = await t.database.db
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.siteId, demoSiteId));
    const targets = new Map(
      rows.filter((r) => r.kind === 2 && r.day === day).map((r) => [r.target, r.count]),
    );
    expect(targets.get('/last-room')).toBe(1);
    expect(targets.has('/beyond-1')).toBe(false);
    expect(targets.get(ANALYTICS_OTHER)).toBe(2);
    expect(targets.get('/about')).toBe(2);
    await t.database.db.delete(analyticsDaily).where(eq(analyticsDaily.siteId, demoSiteId));
  });
});

describe('sites and access', () => {
  it('counts events sent to a site’s host for that site only', async () => {
    await send(HOST, {
      events: [
        { k: 'v', p: '/only-demo' },
        { k: 'c', p: '/', t: 'https://a.example/' },
      ],
    });
    expect(pageCount(await top(owner), '/only-demo')).toBe(1);
    const theirs = await top(other);
    expect(theirs.pages).toEqual([]);
    expect(theirs.links).toEqual([]);
    expect(await views(other)).toBe(0);
    await send(otherHost, { events: [{ k: 'v', p: '/only-other' }] });
    expect(pageCount(await top(other), '/only-other')).toBe(1);
    expect(pageCount(await top(owner), '/only-other')).toBe(0);
  });

  it('lets another site’s owner read nothing of this one', async () => {
    const sw = await other.call('site/switch', { id: demoSiteId });
    expect(sw.code).not.toBe(1);
    expect(pageCount(await top(other), '/only-demo')).toBe(0);
  });

  it('lets the site’s staff read the top pages as they read the statistics; nobody else', async () => {
    const none = await customRole(t, demoSiteId, '無權限', []);
    const staff = await staffOf(t, demoSiteId, 'no-perm@example.com', none);
    expect(pageCount(await top(staff), '/only-demo')).toBe(1);
    const anon = await t.client().call('dashboard/top', { days: 7 });
    expect([anon.status, anon.code]).toEqual([401, Code.UNAUTHORIZED]);
    const lonely = await register(t, 'lonely@example.com', 'secret-pass-1', 'Lonely', { site: false });
    expect((await lonely.call('dashboard/top', { days: 7 })).code).toBe(Code.NO_SITE);
    const bad = await owner.call('dashboard/top', { days: 5 });
    expect(bad.code).toBe(Code.VALIDATION);
  });

  it('counts nothing for a site that is not published', async () => {
    await t.database.db.update(sites).set({ published: false }).where(eq(sites.id, otherSiteId));
    expect((await send(otherHost, { events: [{ k: 'v', p: '/unpublished' }] })).statusCode).toBe(204);
    expect(pageCount(await top(other), '/unpublished')).toBe(0);
    await t.database.db.update(sites).set({ published: true }).where(eq(sites.id, otherSiteId));
    expect((await send('nowhere.sites.localhost:8080', { events: [{ k: 'v', p: '/' }] })).statusCode).toBe(
      404,
    );
  });
});

describe('the script', () => {
  it('is on a published site’s pages, served from its own host; not on previews, error pages or coming soon', async () => {
    const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
    const page = await get(HOST, '/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${TAG}</head>`);
    expect(page.body.split('/_analytics.js')).toHaveLength(2);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const script = await get(HOST, '/_analytics.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('sendBeacon');
    expect(script.body).toContain('doNotTrack');
    expect(script.headers['set-cookie']).toBeUndefined();
    expect((await get('127.0.0.1:8080', '/_site/_analytics.js')).statusCode).toBe(404);

    const secret = await ensureSecret(t.database.db);
    const design = signToken(secret, { k: 'design', site: demoSiteId, values: {} }, 3600_000, t.clock.now);
    const preview = await get(HOST, `/?design_preview=${design}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('_analytics');
    const missing = await get(HOST, '/post/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('_analytics');

    await t.database.db.update(sites).set({ published: false }).where(eq(sites.id, otherSiteId));
    const soon = await get(otherHost, '/');
    expect(soon.body).not.toContain('_analytics');
    await t.database.db.update(sites).set({ published: true }).where(eq(sites.id, otherSiteId));
  });

  it('is added before </head>, else </body>, else at the end', () => {
    expect(withCounter('<html><head></head><body></body></html>')).toBe(
      `<html><head>${TAG}</head><body></body></html>`,
    );
    expect(withCounter('<p>x</p></BODY>')).toBe(`<p>x</p>${TAG}</BODY>`);
    expect(withCounter('<p>x</p>')).toBe(`<p>x</p>${TAG}`);
  });
});
