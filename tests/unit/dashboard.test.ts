/**
 * The dashboard's and the shell's pure logic: calendar days of a time zone (contract/dashboard.ts), the chart's scale,
 * bars and labels (custom/dashboard/chart.ts), onboarding done, who stays in the back-office, what a menu item does
 * for a session and which item is current (layout/shellLogic.ts).
 */
import { describe, expect, it } from 'vitest';
import { addDays, lastDays, type StatPoint, toSeries, totalsOf } from '../../contract/dashboard';
import { BUILTIN_ROLE_PERMISSIONS, ROLE } from '../../contract/permissions';
import { featuresOf, grantedPermissions } from '../../contract/plans';
import type { CurrentSite, Session } from '../../contract/session';
import { BADGE, onboardingDone } from '../../contract/sites';
import { BOX, labelEvery, layoutDays, polyline, SHOP_BOX, yScale } from '../../src/custom/dashboard/chart';
import { activePath, itemState, shellDecision } from '../../src/layout/shellLogic';

describe('calendar days', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-22', -29)).toBe('2026-10-24');
  });

  it('ends on today of the site’s clock, not the server’s', () => {
    // 2026-11-22 20:00 UTC: already the 23rd in Taipei, still the 22nd in New York.
    const now = Date.parse('2026-11-22T20:00:00Z');
    expect(lastDays(now, 'Asia/Taipei', 3)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(lastDays(now, 'America/New_York', 3)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(lastDays(now, 'Pacific/Kiritimati', 1)).toEqual(['2026-11-23']);
  });

  it('keeps one entry per day across a daylight-saving change', () => {
    // New York springs forward on 2026-03-08: that day is 23 hours long.
    const days = lastDays(Date.parse('2026-03-10T12:00:00Z'), 'America/New_York', 5);
    expect(days).toEqual(['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(lastDays(Date.now(), 'Asia/Taipei', 90)).toHaveLength(90);
  });

  it('fills missing days with zero and sums the series', () => {
    const series = toSeries(
      ['2026-11-20', '2026-11-21', '2026-11-22'],
      new Map([
        ['2026-11-21', 2],
        ['2026-11-01', 9], // outside the days: ignored
      ]),
      new Map([['2026-11-22', 1]]),
    );
    expect(series).toEqual([
      { date: '2026-11-20', posts: 0, staff: 0, views: 0 },
      { date: '2026-11-21', posts: 2, staff: 0, views: 0 },
      { date: '2026-11-22', posts: 0, staff: 1, views: 0 },
    ]);
    expect(totalsOf(series)).toEqual({ posts: 2, staff: 1, views: 0 });
    const viewed: StatPoint[] = series.map((p, i) => ({ ...p, views: i === 1 ? 0 : 5 }));
    expect(totalsOf(viewed).views).toBe(10);
  });
});

describe('onboarding', () => {
  it('is done with five badges or once skipped', () => {
    expect(onboardingDone([])).toBe(false);
    expect(onboardingDone([1, 2, 3, 4])).toBe(false);
    expect(onboardingDone([1, 1, 2, 2, 3])).toBe(false);
    expect(onboardingDone([1, 2, 3, 4, 5])).toBe(true);
    expect(onboardingDone([BADGE.SKIPPED])).toBe(true);
  });
});

describe('the chart', () => {
  it('scales the y axis in whole steps above the largest count', () => {
    expect(yScale(0)).toEqual({ top: 2, step: 1, ticks: [0, 1, 2] });
    expect(yScale(3)).toEqual({ top: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(yScale(7)).toEqual({ top: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(yScale(10)).toMatchObject({ top: 10, step: 5 });
    expect(yScale(23)).toMatchObject({ top: 30, step: 10 });
    expect(yScale(999)).toMatchObject({ top: 1000, step: 500 });
    for (const max of [1, 4, 9, 17, 64, 250]) {
      const { top, step, ticks } = yScale(max);
      expect(top, String(max)).toBeGreaterThanOrEqual(max);
      expect(Number.isInteger(step)).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('writes at most eight dates, always today', () => {
    expect([7, 30, 90].map(labelEvery)).toEqual([1, 5, 15]);
    const series = toSeries(
      lastDays(Date.parse('2026-11-22T04:00:00Z'), 'Asia/Taipei', 30),
      new Map(),
      new Map(),
    );
    const labelled = layoutDays(series, 2).filter((d) => d.labelled);
    expect(labelled).toHaveLength(6);
    expect(labelled.at(-1)?.point.date).toBe('2026-11-22');
  });

  it('draws two bars per day inside the plot, as tall as their counts', () => {
    const series = toSeries(
      ['2026-11-21', '2026-11-22'],
      new Map([['2026-11-22', 4]]),
      new Map([['2026-11-22', 2]]),
    );
    const [first, second] = layoutDays(series, 4);
    const plotHeight = BOX.height - BOX.top - BOX.bottom;
    expect(first.posts.height).toBe(0);
    expect(second.posts.height).toBeCloseTo(plotHeight);
    expect(second.staff.height).toBeCloseTo(plotHeight / 2);
    // Bars stand on the baseline, side by side within their day.
    expect(second.posts.y + second.posts.height).toBeCloseTo(BOX.top + plotHeight);
    expect(second.posts.x + second.posts.width).toBeCloseTo(second.staff.x);
    expect(second.slot.x).toBeCloseTo(first.slot.x + first.slot.width);
    expect(second.staff.x + second.staff.width).toBeLessThanOrEqual(BOX.width - BOX.right);
    expect(first.posts.x).toBeGreaterThanOrEqual(BOX.left);
  });
});

const site: CurrentSite = {
  id: 7,
  name: '我的網站',
  slug: 'mine',
  domain: '',
  url: 'https://mine.sites.localhost',
  timezone: 'Asia/Taipei',
  status: 1,
  published: false,
  service: null,
  features: [],
  badge: [],
  frontend_display_language: [],
};

function sessionOf(
  roleId: number,
  serviceId: number | null,
  opts: { sites?: number; noSite?: boolean } = {},
) {
  const base = [...BUILTIN_ROLE_PERMISSIONS[roleId]];
  const list = Array.from({ length: opts.sites ?? 1 }, (_, i) => ({
    id: 7 + i,
    name: 's',
    slug: 's',
    domain: '',
  }));
  const session: Session = {
    isLogined: true,
    user: {
      id: 1,
      is_verified: true,
      email: 'a@example.com',
      pending_email: null,
      nickname: 'A',
      account: 'a@example.com',
      avatar: '',
      info: '',
      permissions: grantedPermissions(base, featuresOf(serviceId)),
      base_permissions: base,
      meta: { language: 'zh-TW' },
    },
    site: { current: opts.noSite ? null : site, list: opts.noSite ? [] : list },
    role: { id: roleId, name: '' },
    meta: { server_time: 0 },
    remember: false,
  };
  return session;
}

describe('who stays in the back-office', () => {
  it('keeps anyone with a usable permission', () => {
    expect(shellDecision(sessionOf(ROLE.OWNER, null), '/')).toEqual({ kind: 'ok' });
    expect(shellDecision(sessionOf(ROLE.EDITOR, null), '/press')).toEqual({ kind: 'ok' });
    // 電商人員 has the shop only: on a plan that sells.
    expect(shellDecision(sessionOf(ROLE.ECOMMERCE, 3), '/orders')).toEqual({ kind: 'ok' });
  });

  it('sends someone with nothing usable to the site’s own address', () => {
    const nothing = sessionOf(ROLE.OWNER, null);
    nothing.user = {
      ...(nothing.user as NonNullable<Session['user']>),
      permissions: [],
      base_permissions: [],
    };
    expect(shellDecision(nothing, '/')).toEqual({ kind: 'public', url: 'https://mine.sites.localhost' });
    // A role whose every permission needs a plan the site lacks is as good as nothing.
    const gated = sessionOf(ROLE.OWNER, null);
    gated.user = {
      ...(gated.user as NonNullable<Session['user']>),
      permissions: [],
      base_permissions: ['staff.view'],
    };
    expect(shellDecision(gated, '/admin').kind).toBe('public');
  });

  it('lets someone with other sites reach /site to switch instead', () => {
    const s = sessionOf(ROLE.OWNER, null, { sites: 2 });
    s.user = { ...(s.user as NonNullable<Session['user']>), permissions: [] };
    expect(shellDecision(s, '/')).toEqual({ kind: 'choose-site' });
    expect(shellDecision(s, '/site')).toEqual({ kind: 'ok' });
    expect(shellDecision(s, '/site/8')).toEqual({ kind: 'ok' });
    expect(shellDecision(s, '/sites-elsewhere')).toEqual({ kind: 'choose-site' });
  });

  it('sends someone without any site to the wizard; leaves the signed out to sign in', () => {
    expect(shellDecision(sessionOf(ROLE.OWNER, null, { noSite: true }), '/')).toEqual({ kind: 'no-site' });
    const out: Session = { ...sessionOf(ROLE.OWNER, null), isLogined: false, user: null };
    expect(shellDecision(out, '/')).toEqual({ kind: 'ok' });
  });
});

describe('menu items', () => {
  it('opens what the session may use', () => {
    const owner = sessionOf(ROLE.OWNER, 4).user;
    for (const resource of ['admin', 'role', 'site', 'setting', 'file', 'profile', 'press']) {
      expect(itemState(owner, resource), resource).toBe('open');
    }
  });

  it('keeps what the role allows but the plan lacks, asking for a plan', () => {
    const planless = sessionOf(ROLE.OWNER, null).user;
    expect(itemState(planless, 'admin')).toBe('plan');
    expect(itemState(planless, 'role')).toBe('plan');
    expect(itemState(planless, 'setting')).toBe('open');
    expect(itemState(planless, 'press')).toBe('open');
    expect(itemState(sessionOf(ROLE.OWNER, 2).user, 'admin')).toBe('open');
  });

  it('hides what the role cannot use, whatever the plan', () => {
    const editor = sessionOf(ROLE.EDITOR, 4).user;
    expect(itemState(editor, 'admin')).toBe('hidden');
    expect(itemState(editor, 'setting')).toBe('hidden');
    expect(itemState(editor, 'setting', 'edit')).toBe('hidden');
    expect(itemState(editor, 'press')).toBe('open');
    expect(itemState(editor, 'profile')).toBe('open');
    expect(itemState(editor, 'site')).toBe('open');
    expect(itemState(editor, 'no-such-resource')).toBe('hidden');
    expect(itemState(null, 'profile')).toBe('hidden');
  });

  it('marks only the deepest item the location lies under', () => {
    const paths = ['/', '/setting', '/setting/general', '/page', '/page/home', '/site'];
    expect(activePath('/', paths)).toBe('/');
    expect(activePath('/setting', paths)).toBe('/setting');
    expect(activePath('/setting/general', paths)).toBe('/setting/general');
    expect(activePath('/setting/domain/sub', paths)).toBe('/setting');
    expect(activePath('/page/home', paths)).toBe('/page/home');
    expect(activePath('/page/12', paths)).toBe('/page');
    expect(activePath('/site/3', paths)).toBe('/site');
    expect(activePath('/sites', paths)).toBeUndefined();
    expect(activePath('/nothing', paths)).toBeUndefined();
  });
});

describe('the shop’s figures', () => {
  const days = ['2026-11-21', '2026-11-22'];
  const shopSeries = () =>
    toSeries(days, new Map(), new Map([['2026-11-22', 1]]), {
      orders: new Map([['2026-11-22', 2]]),
      revenue: new Map([['2026-11-21', 500]]),
    });

  it('are in the series and totals only when given', () => {
    const series = shopSeries();
    expect(series[0]).toEqual({
      date: '2026-11-21',
      posts: 0,
      staff: 0,
      views: 0,
      orders: 0,
      revenue: 500,
    });
    expect(totalsOf(series)).toEqual({ posts: 0, staff: 1, views: 0, orders: 2, revenue: 500 });
    const plain = toSeries(days, new Map(), new Map());
    expect(plain[0]).not.toHaveProperty('orders');
    expect(totalsOf(plain)).not.toHaveProperty('revenue');
  });

  it('draw orders on the count axis and revenue on its own, in a box with room for the NT$ axis', () => {
    const [first, second] = layoutDays(shopSeries(), 2, 1000);
    const plotHeight = SHOP_BOX.height - SHOP_BOX.top - SHOP_BOX.bottom;
    const baseline = SHOP_BOX.top + plotHeight;
    expect(SHOP_BOX.right).toBeGreaterThan(BOX.right);
    expect(first.orders).toEqual({ x: first.center, y: baseline });
    expect(second.orders?.y).toBeCloseTo(SHOP_BOX.top);
    expect(first.revenue?.y).toBeCloseTo(baseline - plotHeight / 2);
    expect(second.staff.x + second.staff.width).toBeLessThanOrEqual(SHOP_BOX.width - SHOP_BOX.right);
    expect(
      polyline([
        { x: 1, y: 2 },
        { x: 3, y: 4 },
      ]),
    ).toBe('1,2 3,4');
    expect(layoutDays(toSeries(days, new Map(), new Map()), 2)[0]).not.toHaveProperty('orders');
  });
});
