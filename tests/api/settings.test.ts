/**
 * Site settings through HTTP: general settings round trip (and in member/status), their validation messages with the
 * time zone refused, onboarding badges, the publish switch, the sub-domain (check, save, 3012), and a custom domain
 * bound and verified against a real DNS server on 127.0.0.1 (CNAME right, wrong, missing, silent; 3013 when taken);
 * a role without setting.edit refused; other sites untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import type { SiteProfile, SiteSave, SiteStatus } from '../../contract/settings';
import { BADGE } from '../../contract/sites';
import { type DnsServer, startDnsServer } from '../fixtures/dnsServer';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

const DNS_TIMEOUT_MS = 600;
const CNAME_MISSING = '無法偵測到有效的 CNAME 紀錄，請稍後再試。';

let dns: DnsServer;
let t: TestApp;
let owner: Client;
let demoSiteId: number;
/** A registered user: their personal site, no plan. */
let solo: Client;

const session = async (c: Client) => ok(await c.call<Session>('member/status'));
const current = async (c: Client) => (await session(c)).site.current;
const profile = async (c: Client) => ok(await c.call<SiteProfile>('site/profile'));
const siteStatus = async (c: Client) => ok(await c.call<SiteStatus>('site/status'));

const fullProfile = (over: Partial<SiteSave> = {}): SiteSave => ({
  title: '我的新聞網',
  description: '每天的新聞',
  tracking: '',
  timezone: 'Asia/Taipei',
  language: 'zh-TW',
  logo: '',
  favicon: '',
  seo: { cover: '', title: '', description: '' },
  frontend_display_language: [1],
  ...over,
});

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ config: { dnsServers: [dns.address], dnsTimeoutMs: DNS_TIMEOUT_MS } });
  ({ owner, demoSiteId } = await signInOwner(t));
  solo = await register(t, 'solo@example.com', 'secret-pass-1', '阿獨');
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('general settings', () => {
  it('answers the seeded site with the defaults', async () => {
    expect(await profile(owner)).toEqual({
      title: '範例新聞網',
      description: '',
      tracking: '',
      timezone: 'Asia/Taipei',
      language: 'zh-TW',
      logo: '',
      favicon: '',
      seo: { cover: '', title: '', description: '' },
      frontend_display_language: [1],
    });
  });

  it('goes round trip, and the session follows (name, time zone, display languages in order)', async () => {
    const tracking = '  <script>window.dataLayer = [];</script>\n';
    const saved = ok(
      await owner.call<SiteProfile>(
        'site/save',
        fullProfile({
          title: ' 今日新聞 ',
          description: '台灣的每日新聞',
          tracking,
          timezone: 'Asia/Tokyo',
          language: 'ja',
          logo: '/uploads/1/2026/11/logo.png',
          favicon: '/uploads/1/2026/11/icon.png',
          seo: { cover: 'https://cdn.example/c.jpg', title: '今日新聞 SEO', description: '說明' },
          frontend_display_language: [3, 1, 4],
        }),
      ),
    );
    expect(saved).toEqual({
      title: '今日新聞',
      description: '台灣的每日新聞',
      // Kept exactly as pasted.
      tracking,
      timezone: 'Asia/Tokyo',
      language: 'ja',
      logo: '/uploads/1/2026/11/logo.png',
      favicon: '/uploads/1/2026/11/icon.png',
      seo: { cover: 'https://cdn.example/c.jpg', title: '今日新聞 SEO', description: '說明' },
      frontend_display_language: [3, 1, 4],
    });
    expect(await profile(owner)).toEqual(saved);
    const site = await current(owner);
    expect(site).toMatchObject({ id: demoSiteId, name: '今日新聞', timezone: 'Asia/Tokyo' });
    expect(site?.frontend_display_language).toEqual([
      { id: 3, iso: 'en', label: 'English', order: 0, default: true },
      { id: 1, iso: 'zh-TW', label: '繁體中文', order: 1, default: false },
      { id: 4, iso: 'ja', label: '日本語', order: 2, default: false },
    ]);
  });

  it('refuses a time zone outside the known list, and takes Asia/Taipei when none is sent', async () => {
    expect(fieldErrors(await owner.call('site/save', fullProfile({ timezone: 'Mars/Olympus' })))).toEqual({
      timezone: '無效的時區',
    });
    const en = t.client({ lang: 'en' });
    en.cookies = owner.cookies;
    expect(fieldErrors(await en.call('site/save', fullProfile({ timezone: 'Asia/Nowhere' })))).toEqual({
      timezone: expect.stringMatching(/time zone/i),
    });
    expect((await profile(owner)).timezone).toBe('Asia/Tokyo');
    const { timezone: _, ...rest } = await profile(owner);
    expect(ok(await owner.call<SiteProfile>('site/save', rest))).toEqual({
      ...rest,
      timezone: 'Asia/Taipei',
    });
  });

  it('answers the SPEC messages under each field', async () => {
    const r = await owner.call(
      'site/save',
      fullProfile({
        title: '  ',
        tracking: 'x'.repeat(10_001),
        logo: 'javascript:alert(1)',
        seo: { cover: '', title: 't'.repeat(71), description: '' },
        frontend_display_language: [],
      }),
    );
    expect(fieldErrors(r)).toEqual({
      title: '此欄位為必填',
      tracking: '超過最大字數（10000）限制',
      logo: '連結錯誤',
      'seo.title': '超過最大字數（70）限制',
      frontend_display_language: '至少需要填入ㄧ個',
    });
    expect(
      fieldErrors(await owner.call('site/save', fullProfile({ frontend_display_language: [1, 3, 1] }))),
    ).toEqual({ frontend_display_language: '此欄位重複' });
    expect(
      fieldErrors(await owner.call('site/save', fullProfile({ frontend_display_language: [9] }))),
    ).toEqual({
      frontend_display_language: '格式錯誤',
    });
    expect(fieldErrors(await owner.call('site/save', { ...fullProfile(), language: 'fr' }))).toEqual({
      language: '格式錯誤',
    });
    // The site is the session's: naming another one is an unknown field, not a way in.
    expect(fieldErrors(await owner.call('site/save', { ...fullProfile(), id: demoSiteId + 1 }))).toEqual({
      id: '不接受的欄位',
    });
    expect(fieldErrors(await owner.call('site/profile', { id: demoSiteId + 1 }))).toEqual({
      id: '不接受的欄位',
    });
    expect((await profile(owner)).title).toBe('今日新聞');
  });
});

describe('onboarding badges', () => {
  it('gives the settings badge for a title and a description, the logo badge for a logo, each once', async () => {
    expect((await current(solo))?.badge).toEqual([]);
    ok(await solo.call('site/save', fullProfile({ description: '' })));
    expect((await current(solo))?.badge).toEqual([]);
    ok(await solo.call('site/save', fullProfile()));
    expect((await current(solo))?.badge).toEqual([BADGE.SETTINGS]);
    const siteId = (await current(solo))?.id;
    ok(await solo.call('site/save', fullProfile({ logo: `/uploads/${siteId}/logo.png` })));
    ok(await solo.call('site/save', fullProfile({ logo: `/uploads/${siteId}/logo2.png` })));
    expect((await current(solo))?.badge).toEqual([BADGE.SETTINGS, BADGE.LOGO]);
  });
});

describe('service status and the publish switch', () => {
  it('answers the plan, or none', async () => {
    expect(await siteStatus(owner)).toMatchObject({
      service: { id: 4, name: 'TEAM+' },
      published: false,
      slug: 'demo',
      subdomain: 'demo.sites.localhost',
      domain: '',
      url: 'http://demo.sites.localhost:8080',
      custom_domain: { domain: '', state: 'none', verified_at: null, cname_target: 'demo.sites.localhost' },
    });
    expect((await siteStatus(solo)).service).toBeNull();
  });

  it('publishes and unpublishes the site', async () => {
    expect(ok(await owner.call<SiteStatus>('site/publish', { publish: true })).published).toBe(true);
    expect((await current(owner))?.published).toBe(true);
    expect((await siteStatus(owner)).published).toBe(true);
    expect((await siteStatus(solo)).published).toBe(false);
    expect(fieldErrors(await owner.call('site/publish', { publish: 'yes' }))).toEqual({
      publish: '格式錯誤',
    });
    expect(fieldErrors(await owner.call('site/publish', {}))).toEqual({ publish: '此欄位為必填' });
    expect(ok(await owner.call<SiteStatus>('site/publish', { publish: false })).published).toBe(false);
    expect((await current(owner))?.published).toBe(false);
  });
});

describe('sub-domain', () => {
  it('checks a slug: the site’s own is free, another site’s is 輸入的網址重複, a bad one 格式錯誤', async () => {
    expect(ok(await owner.call('site/check', { slug: 'demo' }))).toEqual({ slug: 'demo', available: true });
    expect(ok(await owner.call('site/check', { slug: ' Free-Name ' }))).toEqual({
      slug: 'free-name',
      available: true,
    });
    const taken = await solo.call('site/check', { slug: 'demo' });
    expect(taken).toMatchObject({ status: 200, code: Code.SLUG_TAKEN, msg: '輸入的網址重複' });
    for (const slug of ['1abc', 'ab_c', 'abc-', '中文']) {
      expect(fieldErrors(await owner.call('site/check', { slug })), slug).toEqual({ slug: '格式錯誤' });
    }
    expect(fieldErrors(await owner.call('site/check', { slug: `a${'b'.repeat(63)}` }))).toEqual({
      slug: '超過最大字數（63）限制',
    });
    expect(fieldErrors(await owner.call('site/check', { slug: '' }))).toEqual({ slug: '此欄位為必填' });
  });

  it('saves a new sub-domain, refusing a taken one', async () => {
    expect(await solo.call('site/save_slug', { slug: 'demo' })).toMatchObject({ code: Code.SLUG_TAKEN });
    const soloSlug = (await siteStatus(solo)).slug;
    expect(soloSlug).not.toBe('demo');
    const moved = ok(await owner.call<SiteStatus>('site/save_slug', { slug: 'today-news' }));
    expect(moved).toMatchObject({
      slug: 'today-news',
      subdomain: 'today-news.sites.localhost',
      url: 'http://today-news.sites.localhost:8080',
    });
    expect(await current(owner)).toMatchObject({
      slug: 'today-news',
      url: 'http://today-news.sites.localhost:8080',
    });
    // The old one is free again; the new one is now taken for others.
    expect(ok(await solo.call('site/check', { slug: 'demo' }))).toEqual({ slug: 'demo', available: true });
    expect(await solo.call('site/check', { slug: 'today-news' })).toMatchObject({ code: Code.SLUG_TAKEN });
    expect((await siteStatus(solo)).slug).toBe(soloSlug);
  });
});

describe('custom domain', () => {
  const valid = (c: Client) => c.call<SiteStatus>('site/valid');

  it('binds a domain lowercased, unverified; refuses bad ones and the platform’s own', async () => {
    const bound = ok(await owner.call<SiteStatus>('site/bind', { domain: ' WWW.Example.com. ' }));
    expect(bound).toMatchObject({
      domain: '',
      url: 'http://today-news.sites.localhost:8080',
      custom_domain: {
        domain: 'www.example.com',
        state: 'pending',
        verified_at: null,
        cname_target: 'today-news.sites.localhost',
      },
    });
    for (const domain of ['not a domain', 'http://x.com/', 'x', 'shop.sites.localhost', 'sites.localhost']) {
      expect(fieldErrors(await owner.call('site/bind', { domain })), domain).toEqual({
        domain: '網域格式錯誤',
      });
    }
    expect((await siteStatus(owner)).custom_domain.domain).toBe('www.example.com');
  });

  it('answers 13000 without a CNAME, with a wrong one, or when the DNS server stays silent', async () => {
    // Not in DNS at all (NXDOMAIN).
    const missing = await valid(owner);
    expect(missing).toMatchObject({ status: 200, code: Code.CNAME_NOT_FOUND, msg: CNAME_MISSING });
    expect(dns.queries).toContain('www.example.com');
    // The name exists, without a CNAME.
    dns.set('www.example.com', 'empty');
    expect(await valid(owner)).toMatchObject({ code: Code.CNAME_NOT_FOUND });
    // A CNAME to somewhere else (another site's sub-domain).
    dns.set('www.example.com', { cname: 'other.sites.localhost' });
    expect(await valid(owner)).toMatchObject({ code: Code.CNAME_NOT_FOUND });
    // No answer: the lookup gives up on time.
    dns.set('www.example.com', 'drop');
    const started = Date.now();
    expect(await valid(owner)).toMatchObject({ status: 200, code: Code.CNAME_NOT_FOUND });
    expect(Date.now() - started).toBeLessThan(DNS_TIMEOUT_MS + 2_000);
    expect((await siteStatus(owner)).custom_domain.state).toBe('pending');
    expect((await current(owner))?.domain).toBe('');
  });

  it('verifies a CNAME pointing at the site: the domain becomes its address', async () => {
    dns.set('www.example.com', { cname: 'Today-News.Sites.Localhost.' });
    const verified = ok(await valid(owner));
    expect(verified).toMatchObject({
      domain: 'www.example.com',
      url: 'https://www.example.com',
      custom_domain: { domain: 'www.example.com', state: 'verified', verified_at: expect.any(String) },
    });
    expect(new Date(verified.custom_domain.verified_at as string).getTime()).toBe(t.clock.now);
    expect(await current(owner)).toMatchObject({ domain: 'www.example.com', url: 'https://www.example.com' });
  });

  it('refuses a domain another site has, bound or verified (3013)', async () => {
    const taken = await solo.call('site/bind', { domain: 'www.example.com' });
    expect(taken).toMatchObject({ status: 200, code: Code.DOMAIN_TAKEN, msg: '這個網域已被其他網站使用。' });
    ok(await owner.call('site/bind', { domain: 'news.example.org' }));
    expect(await solo.call('site/bind', { domain: 'NEWS.example.org' })).toMatchObject({
      code: Code.DOMAIN_TAKEN,
    });
    // Binding another domain gives up the verified one: the site is at its sub-domain until the new one verifies.
    expect(await current(owner)).toMatchObject({ domain: '', url: 'http://today-news.sites.localhost:8080' });
    // The first is free again.
    const soloBound = ok(await solo.call<SiteStatus>('site/bind', { domain: 'www.example.com' }));
    expect(soloBound.custom_domain).toMatchObject({ domain: 'www.example.com', state: 'pending' });
    // Its CNAME points at the demo site, not at solo's.
    expect(await valid(solo)).toMatchObject({ code: Code.CNAME_NOT_FOUND });
    ok(await solo.call('site/unbind'));
  });

  it('unbinds; verifying with nothing bound is a field error', async () => {
    const none = ok(await owner.call<SiteStatus>('site/unbind'));
    expect(none).toMatchObject({
      domain: '',
      custom_domain: { domain: '', state: 'none', verified_at: null },
    });
    expect(fieldErrors(await valid(owner))).toEqual({ domain: '此欄位為必填' });
  });

  it('checks against CNAME_TARGET when the platform has one', async () => {
    const edge = await createTestApp({
      shareWith: t,
      config: { dnsServers: [dns.address], dnsTimeoutMs: DNS_TIMEOUT_MS, cnameTarget: 'edge.platform.test' },
    });
    try {
      const c = edge.client();
      ok(await c.login('solo@example.com', 'secret-pass-1'));
      const bound = ok(await c.call<SiteStatus>('site/bind', { domain: 'blog.solo.test' }));
      expect(bound.custom_domain.cname_target).toBe('edge.platform.test');
      dns.set('blog.solo.test', { cname: `${bound.slug}.sites.localhost` });
      expect(await c.call('site/valid')).toMatchObject({ code: Code.CNAME_NOT_FOUND });
      dns.set('blog.solo.test', { cname: 'edge.platform.test' });
      expect(ok(await c.call<SiteStatus>('site/valid')).custom_domain.state).toBe('verified');
      ok(await c.call('site/unbind'));
    } finally {
      await edge.close();
    }
  });
});

describe('access', () => {
  it('refuses 編輯 (no setting permission) every settings action with 403', async () => {
    const editor = await staffOf(t, demoSiteId, 'editor@example.com', ROLE.EDITOR, '小編');
    // The editor's session works on the demo site.
    ok(await editor.call('site/switch', { id: demoSiteId }));
    expect((await current(editor))?.id).toBe(demoSiteId);
    const calls: [string, unknown][] = [
      ['site/profile', {}],
      ['site/save', fullProfile({ title: '被改了' })],
      ['site/status', {}],
      ['site/publish', { publish: true }],
      ['site/check', { slug: 'editor-slug' }],
      ['site/save_slug', { slug: 'editor-slug' }],
      ['site/bind', { domain: 'editor.example.com' }],
      ['site/valid', {}],
      ['site/unbind', {}],
    ];
    for (const [path, body] of calls) {
      expect(await editor.call(path, body), path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    }
    expect(await profile(owner)).toMatchObject({ title: '今日新聞' });
    expect(await siteStatus(owner)).toMatchObject({ slug: 'today-news', published: false });
  });

  it('管理員 may change the settings', async () => {
    const admin = await staffOf(t, demoSiteId, 'admin@example.com', ROLE.ADMIN, '管理員甲');
    ok(await admin.call('site/switch', { id: demoSiteId }));
    ok(await admin.call('site/save', { ...(await profile(owner)), description: '管理員改的' }));
    expect((await profile(owner)).description).toBe('管理員改的');
  });

  it('leaves other sites as they were', async () => {
    expect(await profile(solo)).toMatchObject({
      title: '我的新聞網',
      timezone: 'Asia/Taipei',
      frontend_display_language: [1],
    });
    expect(await siteStatus(solo)).toMatchObject({
      published: false,
      domain: '',
      custom_domain: { state: 'none' },
    });
    expect(await current(solo)).toMatchObject({ name: '我的新聞網', domain: '' });
  });

  it('answers 401 when signed out', async () => {
    expect(await t.client().call('site/profile')).toMatchObject({ status: 401, code: Code.UNAUTHORIZED });
  });
});
